#!/usr/bin/env bash
# Fuzzes the diffing engine with libFuzzer, for a bounded time or number of executions.
#
#   Scripts/fuzz.sh [seconds] [options] [-- libFuzzer flags...]
#
#   seconds          stop after this long (default 60; 0 means no time limit, with --runs)
#   --runs N         stop after N executions (libFuzzer's -runs=N); -runs=N works too
#   --timeout S      an input running longer than S seconds is a failure (default 10)
#   --slow S         report inputs slower than S seconds as slow-unit-* (default 1)
#   --no-build       reuse .build/fuzz/diff-fuzzer as it is
#
# Compiles the TetherChangesets sources (and the package-internal lock and atomics they use, whose
# C11 functions come from the CTetherAtomics module map) together with
# Scripts/Fuzz/*.swift into one executable instrumented for libFuzzer and AddressSanitizer, seeds
# the working corpus in .build/fuzz/corpus (kept between runs) from Scripts/Fuzz/corpus, runs one
# fuzzing process on it and ends with a one-line summary: executions, time, crashes, timeouts.
# A failing input is written to .build/fuzz/crash-* or timeout-*; replay it with
# `.build/fuzz/diff-fuzzer .build/fuzz/crash-<hash>`. The exit status is libFuzzer's.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=
runs=-1
timeout=10
slow=1
build=1
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -runs=* | --runs=*) runs="${1#*=}"; shift ;;
    --timeout) timeout="$2"; shift 2 ;;
    --slow) slow="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    --) shift; extra+=("$@"); break ;;
    [0-9]*) seconds="$1"; shift ;;
    *) echo "fuzz.sh: unknown argument $1 (libFuzzer flags go after --)" >&2; exit 2 ;;
  esac
done
# Without a time limit: 60 s, or none when an execution count is given.
if [ -z "$seconds" ]; then
  if [ "$runs" = -1 ]; then seconds=60; else seconds=0; fi
fi

out=.build/fuzz
mkdir -p "$out/corpus"

if [ "$build" = 1 ] || [ ! -x "$out/diff-fuzzer" ]; then
  echo "Building the fuzz target..."
  # One module holds everything, so the lock's module import is dropped from copies of the sources.
  src="$out/sources"
  rm -rf "$src"
  mkdir -p "$src"
  for file in $(find Sources/TetherChangesets Sources/TetherSynchronization -name '*.swift' | sort); do
    flat=$(echo "$file" | tr '/' '_')
    sed '/^import TetherSynchronization$/d' "$file" > "$src/$flat"
  done
  swiftc -swift-version 6 -parse-as-library -O -g \
    -sanitize=fuzzer,address \
    -module-name TetherDiffFuzz -package-name Tether \
    -I Sources/CTetherAtomics/include \
    "$src"/*.swift Scripts/Fuzz/*.swift \
    -o "$out/diff-fuzzer"
fi

# The checked-in corpus (reproducers of past failures among them) seeds the working one.
cp -n Scripts/Fuzz/corpus/* "$out/corpus/" 2>/dev/null || true

log="$out/last-run.log"
started="$out/.started"
touch "$started"
echo "Fuzzing (time limit ${seconds} s, runs ${runs}, timeout ${timeout} s); log in $log"
set +e
"$out/diff-fuzzer" \
  -max_total_time="$seconds" \
  -runs="$runs" \
  -max_len=1024 \
  -timeout="$timeout" \
  -report_slow_units="$slow" \
  -print_final_stats=1 \
  -artifact_prefix="$out/" \
  "${extra[@]}" \
  "$out/corpus" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

new_files() { find "$out" -maxdepth 1 -name "$1" -newer "$started" | wc -l; }
executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
elapsed=$(($(date +%s) - $(stat -c %Y "$started")))
echo "fuzz summary: ${executions:-?} executions in ${elapsed} s (${rate:-?}/s), $(new_files 'crash-*') crashes," \
  "$(new_files 'timeout-*') timeouts, $(new_files 'oom-*') out-of-memory, $(new_files 'slow-unit-*') slow inputs" \
  "(> ${slow} s), exit status ${status}"
exit "$status"
