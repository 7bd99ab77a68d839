#!/usr/bin/env bash
# Installs what is missing (Debian 12) and runs help-viewer-demo. With a display it opens the
# demo window; without one it runs the demo under Xvfb, saves a screenshot of the help dialog
# and says where. Arguments are passed to the demo (see `help-viewer-demo --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
helpviewer_install_missing "${HELPVIEWER_PACKAGES[@]}"
swift build --product help-viewer-demo
demo="$(swift build --show-bin-path)/help-viewer-demo"
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$demo" "$@"
fi
shot="${HELPVIEWER_SCREENSHOT:-$PWD/help-viewer-demo.png}"
[ "$#" -gt 0 ] || set -- --show help
helpviewer_with_display "$demo" "$@" --screenshot "$shot" --report
echo "No display here: the demo ran under Xvfb; its screenshot is at $shot"
