#!/usr/bin/env bash
# Builds the documentation (the DocC catalog Sources/HelpViewer/HelpViewer.docc and the doc
# comments of the HelpViewer module) into a static site in .build/docs, offline, with the
# toolchain's own `docc`. Fails on any warning, such as a symbol link that does not resolve.
#
#   bash scripts/docs.sh              # then: python3 -m http.server -d .build/docs 8000
#                                     # and open http://localhost:8000/documentation/helpviewer/
#
# The symbol graphs come from `swift build` itself (-emit-symbol-graph), in a scratch folder of
# its own (.build-docs), so the flags do not make the normal .build rebuild everything.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/setup.sh
helpviewer_install_missing libgtk-4-dev libwebkitgtk-6.0-dev libsqlite3-dev libxml2-dev libxslt1-dev

# `xcrun` is not on Linux: docc lies next to swift in the toolchain.
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
if [ ! -x "$docc" ]; then
  echo "docc not found next to swift ($docc): a Swift 6 toolchain from swift.org has it" >&2
  exit 1
fi

scratch=.build-docs
graphs="$scratch/symbol-graphs"
module_graphs="$scratch/helpviewer-symbol-graphs"
output=.build/docs
rm -rf "$module_graphs"
mkdir -p "$graphs" "$module_graphs"

# The compiler writes a module's graphs when it emits the module, so an up-to-date module keeps
# the graphs of its last build; when they are gone, the module is built again.
build() {
  swift build --target HelpViewer --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
}
build
if [ ! -e "$graphs/HelpViewer.symbols.json" ]; then
  rm -f "$scratch/debug/Modules/HelpViewer.swiftmodule"
  build
fi

# Every Swift module of the build writes its graphs; the site documents the HelpViewer module
# alone (the core and books names a host needs are its typealiases, in Exports.swift), with its
# extensions of other modules' types (HelpViewer@Swift: pointers as a DialogParent).
cp "$graphs"/HelpViewer.symbols.json "$module_graphs"/
for extension in "$graphs"/HelpViewer@*.symbols.json; do
  [ -e "$extension" ] && cp "$extension" "$module_graphs"/
done

rm -rf "$output"
mkdir -p "$(dirname "$output")"
"$docc" convert Sources/HelpViewer/HelpViewer.docc \
  --additional-symbol-graph-dir "$module_graphs" \
  --output-path "$output" \
  --fallback-display-name HelpViewer \
  --transform-for-static-hosting \
  --warnings-as-errors
echo "Documentation: $output (serve it, e.g. python3 -m http.server -d $output 8000, and open /documentation/helpviewer/)"
