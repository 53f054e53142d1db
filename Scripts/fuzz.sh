#!/usr/bin/env bash
# Fuzzes the diffing engine with libFuzzer for a bounded time (default 60 s).
#
#   Scripts/fuzz.sh [seconds]
#
# Compiles the TetherChangesets sources (and the package-internal lock and atomics they use, whose
# C11 functions come from the CTetherAtomics module map) together with Scripts/Fuzz/*.swift into
# one executable
# instrumented for libFuzzer and AddressSanitizer, then runs it on the corpus in
# .build/fuzz/corpus (kept between runs). A failing input is written to .build/fuzz/crash-*;
# replay it with `.build/fuzz/diff-fuzzer .build/fuzz/crash-<hash>`.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
out=.build/fuzz
mkdir -p "$out/corpus"

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

echo "Fuzzing for ${seconds} s..."
"$out/diff-fuzzer" \
  -max_total_time="$seconds" \
  -max_len=1024 \
  -timeout=10 \
  -print_final_stats=1 \
  -artifact_prefix="$out/" \
  "$out/corpus"
