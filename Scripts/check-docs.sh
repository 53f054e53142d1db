#!/usr/bin/env bash
# Builds the DocC catalog (Sources/Tether/Tether.docc) against the umbrella module's symbols and
# fails on any DocC warning: a broken <doc:> or ``symbol`` link in an article or a doc comment.
# The code samples themselves are checked by Tests/DocumentationTests.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"
rm -rf "$graphs" "$scratch/umbrella-graphs"
mkdir -p "$graphs" "$scratch/umbrella-graphs"
# The umbrella is compiled again, so it emits its symbol graphs even when nothing changed. Its
# outputs are removed, not its build folder: SwiftPM writes the folder's output-file map only when
# it plans the build, and an unchanged package is not planned again, so the build would fail.
rm -f "$scratch"/debug/Tether.build/*.o "$scratch/debug/Modules/Tether.swiftmodule"
# A build folder an earlier version of this script emptied gets its map back once SwiftPM plans
# the build again.
if [[ -d "$scratch/debug/Tether.build" && ! -f "$scratch/debug/Tether.build/output-file-map.json" ]]; then
  rm -f "$scratch/debug.yaml"
fi
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
