# Pictures of Notebook as people see it (sourced by scripts/screenshots.sh): on an Xvfb display
# of its own with metacity managing it, taken from the screen by `help-viewer-bench --picture`
# (the app's window with the sheet over it). Notebook's notes, its terms receipt and GTK's
# settings (no blinking caret, so the screen settles) come from a scratch XDG folder.
#
#   notebook_pictures BENCH DEMO   # writes docs/notebook-{help,help-dark,context-help,help-text,terms}.png
notebook_pictures() {
  local bench="$1" demo="$2"
  local scratch number xvfb wm
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/notebook-pictures.XXXXXX")
  mkdir -p "$scratch/data/notebook" "$scratch/config/notebook" "$scratch/config/gtk-4.0"
  # No blinking caret: the screen settles.
  printf '[Settings]\ngtk-cursor-blink=false\n' >"$scratch/config/gtk-4.0/settings.ini"
  cat >"$scratch/data/notebook/notes.json" <<'NOTES'
[
  {"id": "6F1C2B1E-3D4A-4C55-9E0B-1A2B3C4D5E01", "modified": "2026-12-03T09:12:00Z",
   "text": "Trip to Lisbon\nBook the train to Sintra\nPastéis de Belém before 10"},
  {"id": "6F1C2B1E-3D4A-4C55-9E0B-1A2B3C4D5E02", "modified": "2026-12-02T17:40:00Z",
   "text": "Reading list\nThe Left Hand of Darkness\nPiranesi"},
  {"id": "6F1C2B1E-3D4A-4C55-9E0B-1A2B3C4D5E03", "modified": "2026-12-01T08:05:00Z",
   "text": "Groceries\nOat milk, lemons, basil"}
]
NOTES
  # A receipt as Notebook keeps one after Accept (of the terms it ships), so the first three
  # pictures are not asked for the terms; the last is the first launch, without it.
  local terms="Resources/Notebook/terms/terms.html"
  local receipt="$scratch/config/notebook/terms-receipt.json"
  printf '{"requestedURL": "file://%s", "finalURL": "file://%s", "sha256": "%s", "isOfflineCopy": false, "acceptedAt": "2026-12-01T08:00:00Z"}\n' \
    "$PWD/$terms" "$PWD/$terms" "$(sha256sum "$terms" | cut -d' ' -f1)" >"$receipt"

  Xvfb -displayfd 1 -screen 0 1280x900x24 -nolisten tcp 2>/dev/null >"$scratch/display" &
  xvfb=$!
  until [ -s "$scratch/display" ]; do sleep 0.1; done
  number=$(cat "$scratch/display")
  DISPLAY=":$number" metacity --sm-disable --replace 2>/dev/null &
  wm=$!
  until DISPLAY=":$number" xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id"; do sleep 0.1; done
  picture() {
    DISPLAY=":$number" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" \
      "$bench" --picture "$@"
  }
  # The help sheet over the app; its dark twin; F1 in a new note's editor (context help at the
  # editor's topic); the terms on first launch.
  picture docs/notebook-help.png -- "$demo" --show help
  picture docs/notebook-help-dark.png --background 241f31 -- "$demo" --show help --dark
  picture docs/notebook-context-help.png --then "xdotool key ctrl+n F1" -- "$demo"
  # The help as text, as a screen reader's user gets it on GTK 4.8: in a D-Bus session of its
  # own, with the accessibility bus started and ScreenReaderEnabled set as Orca sets it
  # (GSettings in memory: the launcher would keep the setting on disk).
  screen_reader_picture() {
    DISPLAY=":$number" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" GSETTINGS_BACKEND=memory \
      dbus-run-session -- bash -c '
        /usr/libexec/at-spi-bus-launcher --launch-immediately & launcher=$!
        until gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
          --method org.a11y.Bus.GetAddress >/dev/null 2>&1; do sleep 0.1; done
        gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
          --method org.freedesktop.DBus.Properties.Set org.a11y.Status ScreenReaderEnabled "<true>" >/dev/null
        "$0" --picture "$@"; status=$?
        kill $launcher; exit $status' "$bench" "$@"
  }
  screen_reader_picture docs/notebook-help-text.png -- "$demo" --show help
  rm -f "$receipt"
  picture docs/notebook-terms.png -- "$demo"
  kill "$wm" "$xvfb" 2>/dev/null || true
  wait "$wm" "$xvfb" 2>/dev/null || true
  rm -rf "$scratch"
}
