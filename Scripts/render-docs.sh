#!/usr/bin/env bash
# Renders the DocC catalog (Sources/Tether/Tether.docc) to a static website with the toolchain's
# own `docc`: `swift package generate-documentation` needs the swift-docc-plugin package, and the
# library takes no package dependency. The symbols are those of the umbrella module, as an app
# importing Tether sees them. Scripts/check-docs.sh stays the gate (it fails on any DocC warning);
# this script only renders, warnings included.
#
#   Scripts/render-docs.sh [OUTPUT-DIR]      # default .build/docs/site
#   HOSTING_BASE_PATH=tether Scripts/render-docs.sh   # for a site served under /tether/
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.build/docs/site}
scratch=.build/docs/scratch
graphs="$scratch/symbol-graphs"
umbrella="$scratch/umbrella-graphs"
# Replace an earlier site, but never a folder that holds something else.
if [[ -e "$output" && -n "$(ls -A "$output" 2>/dev/null)" ]]; then
  if [[ ! -f "$output/index.html" || ! -d "$output/data/documentation" ]]; then
    echo "render-docs: $output exists and is not a DocC site; choose an empty or new folder" >&2
    exit 1
  fi
  rm -rf "$output"
fi
rm -rf "$graphs" "$umbrella"
mkdir -p "$graphs" "$umbrella" "$(dirname "$output")"
# The umbrella is compiled again, so it emits its symbol graphs even when nothing changed. Its
# outputs are removed, not its build folder: SwiftPM writes the folder's output-file map only when
# it plans the build, and an unchanged package is not planned again, so the build would fail.
rm -f "$scratch"/debug/Tether.build/*.o "$scratch/debug/Modules/Tether.swiftmodule"
if ! swift build --scratch-path "$scratch" --target Tether \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >"$scratch/build.log" 2>&1; then
  cat "$scratch/build.log" >&2
  echo "render-docs: the build failed (above)" >&2
  exit 1
fi
# The umbrella's graphs hold every re-exported symbol.
cp "$graphs"/Tether.symbols.json "$graphs"/Tether@*.symbols.json "$umbrella/"

hosting=()
if [[ -n "${HOSTING_BASE_PATH:-}" ]]; then hosting=(--hosting-base-path "$HOSTING_BASE_PATH"); fi
docc convert Sources/Tether/Tether.docc \
  --additional-symbol-graph-dir "$umbrella" \
  --fallback-display-name Tether --fallback-bundle-identifier tether \
  --transform-for-static-hosting ${hosting[@]+"${hosting[@]}"} \
  --output-path "$output" >/dev/null

site=$(cd "$output" && pwd)
echo "Documentation site written to $site"
if [[ -n "${HOSTING_BASE_PATH:-}" ]]; then
  echo "Publish the folder's contents at /${HOSTING_BASE_PATH#/}/ on a static host."
else
  echo "To read it: python3 -m http.server --directory $site 8000, then open"
  echo "http://localhost:8000/documentation/tether (any static host serves the folder as it is)."
fi
