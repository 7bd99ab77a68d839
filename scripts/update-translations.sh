#!/usr/bin/env bash
# Regenerates the translation templates from the sources and merges them into every catalog.
#
#   bash scripts/update-translations.sh          # after adding or changing translatable strings
#   bash scripts/update-translations.sh --check  # also run msgfmt --check on every catalog
#
# Two catalogs, each with its own strings:
# - the library's: every localized("…") (and localized("…", "…", count:), localized("…",
#   context: "…")) in Sources/ outside the demo →
#   Sources/HelpViewerCore/Localization/po/helpviewer.pot and its LANG.po;
# - the demo's ("Notebook"): every notebookLocalized("…") in Sources/HelpViewerDemo and
#   Resources/Notebook → Resources/Notebook/po/notebook.pot and its LANG.po.
# xgettext reads Swift string literals well with Objective-C syntax ("%@" makes an entry
# objc-format, so msgfmt checks that translations keep the placeholders). New strings arrive
# untranslated, changed ones as fuzzy (both are shown in English until translated); strings no
# longer in the sources are dropped.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v xgettext >/dev/null || { echo "gettext is needed: sudo apt-get install gettext" >&2; exit 1; }

files=$(mktemp)
trap 'rm -f "$files"' EXIT

# extract OUTPUT.pot PACKAGE KEYWORD-OPTIONS… (the file list is in $files)
extract() {
  local pot=$1 package=$2
  shift 2
  LC_ALL=C.UTF-8 xgettext --language=ObjectiveC --from-code=UTF-8 --keyword= "$@" \
    --add-comments=TRANSLATORS: --sort-by-file --no-wrap --package-name="$package" \
    --files-from="$files" --output=- 2>/dev/null |
    # No creation date: the template changes only when the strings do.
    grep -v '^"POT-Creation-Date: ' >"$pot"
}

# merge DIRECTORY TEMPLATE.pot [--check]
merge() {
  local dir=$1 pot=$2 check=${3:-}
  for catalog in "$dir"/*.po; do
    [ -e "$catalog" ] || continue
    msgmerge --quiet --update --backup=none --no-wrap --sort-by-file "$catalog" "$pot"
    msgattrib --no-obsolete --no-wrap --sort-by-file --output-file="$catalog" "$catalog"
    if [ "$check" = "--check" ]; then
      msgfmt --check --statistics --output-file=/dev/null "$catalog"
    fi
  done
  echo "Updated $pot and $(ls "$dir"/*.po | wc -l) catalog(s)."
}

library=Sources/HelpViewerCore/Localization/po
grep -rl --include='*.swift' --exclude-dir=HelpViewerDemo 'localized(' Sources |
  LC_ALL=C sort >"$files"
extract "$library/helpviewer.pot" HelpViewer \
  --keyword=localized:1 --keyword=localized:1,2,3t --keyword=localized:1,2c,2t
merge "$library" "$library/helpviewer.pot" "${1:-}"

demo=Resources/Notebook/po
grep -rl --include='*.swift' 'notebookLocalized(' Sources/HelpViewerDemo Resources/Notebook | LC_ALL=C sort >"$files"
extract "$demo/notebook.pot" help-viewer-demo --keyword=notebookLocalized:1
merge "$demo" "$demo/notebook.pot" "${1:-}"
