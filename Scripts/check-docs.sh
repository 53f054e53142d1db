#!/usr/bin/env bash
# Builds the DocC catalog (Sources/Tether/Tether.docc) against the umbrella module's symbols and
# fails on any DocC warning: a broken <doc:> or ``symbol`` link in an article or a doc comment.
# The code samples themselves are checked by Tests/DocumentationTests.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"
# A clean build every time, so every module emits its symbol graph (removing only part of the
# scratch folder leaves SwiftPM with outputs it cannot reload on the next run).
rm -rf "$scratch"
mkdir -p "$graphs" "$scratch/umbrella-graphs"
swift build --scratch-path "$scratch" --target Tether \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
# The umbrella's graphs hold every re-exported symbol, as an app importing Tether sees them.
cp "$graphs"/Tether.symbols.json "$graphs"/Tether@*.symbols.json "$scratch/umbrella-graphs/"
docc convert Sources/Tether/Tether.docc \
  --additional-symbol-graph-dir "$scratch/umbrella-graphs" \
  --fallback-display-name Tether --fallback-bundle-identifier tether \
  --output-path "$scratch/Tether.doccarchive" \
  --warnings-as-errors
echo "DocC catalog: no warnings"
