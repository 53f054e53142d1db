#!/usr/bin/env bash
# Fuzzes Tether with libFuzzer: every target of the nested package in Scripts/Fuzz, or the ones
# named, each for a bounded time or number of executions.
#
#   Scripts/fuzz.sh [targets...] [seconds] [options] [-- libFuzzer flags...]
#
#   targets          names of fuzz targets (diff, decode, ...); none or --all: every target
#   seconds          stop each target after this long (default 60; 0 means no limit, with --runs)
#   --runs N         stop each target after N executions (libFuzzer's -runs=N); -runs=N works too
#   --timeout S      an input running longer than S seconds is a failure (default 10)
#   --slow S         report inputs slower than S seconds as slow-unit-* (default 1)
#   --max-len N      the longest input libFuzzer makes (default: the target's own, see below)
#   --no-build       reuse the built targets as they are
#   --list           print the targets' names and exit
#
# The targets are the `*-fuzzer` executables of Scripts/Fuzz/Package.swift, which depends on the
# library's real targets: SwiftPM builds them (and the C target) with `-sanitize=fuzzer,address`,
# so nothing the library adds can be left out of the fuzzers' build. Each target's working corpus,
# .build/fuzz/<target>/corpus (kept between runs), is seeded from Scripts/Fuzz/Corpus/<target>.
# A failing input is written to .build/fuzz/<target>/crash-* or timeout-*; replay it with
# `.build/fuzz/bin/<target>-fuzzer .build/fuzz/<target>/crash-<hash>`. Each target ends with one
# summary line; the exit status is the first failing target's (0 when all pass).
set -euo pipefail
cd "$(dirname "$0")/.."

package=Scripts/Fuzz
all_targets=$(sed -n 's/^ *name: "\([a-z0-9-]*\)-fuzzer",$/\1/p' "$package/Package.swift")

seconds=
runs=-1
timeout=10
slow=1
max_len=
build=1
targets=()
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --all) targets=(); shift ;;
    --runs) runs="$2"; shift 2 ;;
    -runs=* | --runs=*) runs="${1#*=}"; shift ;;
    --timeout) timeout="$2"; shift 2 ;;
    --slow) slow="$2"; shift 2 ;;
    --max-len) max_len="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    --list) echo "$all_targets"; exit 0 ;;
    --) shift; extra+=("$@"); break ;;
    [0-9]*) seconds="$1"; shift ;;
    -*) echo "fuzz.sh: unknown option $1 (libFuzzer flags go after --)" >&2; exit 2 ;;
    *)
      if ! grep -qx "$1" <<< "$all_targets"; then
        echo "fuzz.sh: no target $1; the targets are:" $all_targets >&2
        exit 2
      fi
      targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || read -r -d '' -a targets <<< "$all_targets" || true
# Without a time limit: 60 s, or none when an execution count is given.
if [ -z "$seconds" ]; then
  if [ "$runs" = -1 ]; then seconds=60; else seconds=0; fi
fi

out=.build/fuzz
bin="$out/bin"
if [ "$build" = 1 ] || [ ! -d "$bin" ]; then
  echo "Building the fuzz targets..."
  # gold fails on libFuzzer's archive with these objects (an internal error while reporting), so
  # the link uses lld, which the toolchain ships.
  swift build -c release --package-path "$package" --scratch-path "$out/scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
  rm -rf "$bin"
  ln -s "$(swift build -c release --package-path "$package" --scratch-path "$out/scratch" --show-bin-path)" "$bin"
fi

# The longest input each target makes by default: the diff target's arrays are one byte per
# element; decoding needs room for JSON.
default_max_len() {
  case "$1" in
    decode) echo 4096 ;;
    *) echo 1024 ;;
  esac
}

status=0
summaries=()
for target in "${targets[@]}"; do
  dir="$out/$target"
  mkdir -p "$dir/corpus"
  # The checked-in corpus (reproducers of past failures among them) seeds the working one.
  cp -n "$package/Corpus/$target"/* "$dir/corpus/" 2>/dev/null || true
  log="$dir/last-run.log"
  started="$dir/.started"
  touch "$started"
  echo "Fuzzing $target (time limit ${seconds} s, runs ${runs}, timeout ${timeout} s); log in $log"
  set +e
  # Without Swift's backtracer: under AddressSanitizer its memory server trips a use-after-free
  # report of its own, which buries the trap's message.
  SWIFT_BACKTRACE=enable=no "$bin/$target-fuzzer" \
    -max_total_time="$seconds" \
    -runs="$runs" \
    -max_len="${max_len:-$(default_max_len "$target")}" \
    -timeout="$timeout" \
    -report_slow_units="$slow" \
    -print_final_stats=1 \
    -artifact_prefix="$dir/" \
    "${extra[@]}" \
    "$dir/corpus" > "$log" 2>&1
  result=$?
  set -e
  tail -n 12 "$log"

  new_files() { find "$dir" -maxdepth 1 -name "$1" -newer "$started" | wc -l; }
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  elapsed=$(($(date +%s) - $(stat -c %Y "$started")))
  summary="fuzz summary: $target: ${executions:-?} executions in ${elapsed} s (${rate:-?}/s),"
  summary+=" $(new_files 'crash-*') crashes, $(new_files 'timeout-*') timeouts, $(new_files 'oom-*') out-of-memory,"
  summary+=" $(new_files 'slow-unit-*') slow inputs (> ${slow} s), exit status ${result}"
  echo "$summary"
  summaries+=("$summary")
  if [ "$result" != 0 ] && [ "$status" = 0 ]; then status=$result; fi
done

if [ ${#summaries[@]} -gt 1 ]; then
  echo
  printf '%s\n' "${summaries[@]}"
fi
exit "$status"
