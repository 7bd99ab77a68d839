#!/usr/bin/env bash
# Regenerates the translation template from the sources and merges it into every catalog.
#
#   bash scripts/update-translations.sh          # after adding or changing localized("…") strings
#   bash scripts/update-translations.sh --check  # also run msgfmt --check on every catalog
#
# Extracts every localized("…") (and localized("…", "…", count:), localized("…", context: "…"))
# from Sources/ with xgettext (Objective-C syntax reads Swift string literals well; "%@" makes an
# entry objc-format, so msgfmt checks that translations keep the placeholders), writes
# Sources/HelpViewerCore/Localization/po/helpviewer.pot, and msgmerges it into each LANG.po. New
# strings arrive untranslated, changed ones as fuzzy (both are shown in English until translated).
set -euo pipefail
cd "$(dirname "$0")/.."
po=Sources/HelpViewerCore/Localization/po
command -v xgettext >/dev/null || { echo "gettext is needed: sudo apt-get install gettext" >&2; exit 1; }

files=$(mktemp)
trap 'rm -f "$files"' EXIT
grep -rl --include='*.swift' 'localized(' Sources | LC_ALL=C sort >"$files"
LC_ALL=C.UTF-8 xgettext --language=ObjectiveC --from-code=UTF-8 \
  --keyword= --keyword=localized:1 --keyword=localized:1,2,3t --keyword=localized:1,2c,2t \
  --add-comments=TRANSLATORS: --sort-by-file --no-wrap --package-name=HelpViewer \
  --files-from="$files" --output=- 2>/dev/null |
  # No creation date: the template changes only when the strings do.
  grep -v '^"POT-Creation-Date: ' >"$po/helpviewer.pot"

for catalog in "$po"/*.po; do
  [ -e "$catalog" ] || continue
  msgmerge --quiet --update --backup=none --no-wrap --sort-by-file "$catalog" "$po/helpviewer.pot"
  if [ "${1:-}" = "--check" ]; then
    msgfmt --check --statistics --output-file=/dev/null "$catalog"
  fi
done
echo "Updated $po/helpviewer.pot and $(ls "$po"/*.po | wc -l) catalog(s)."
