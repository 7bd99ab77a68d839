# Shared by scripts/demo.sh and scripts/test.sh: install what is missing on Debian 12.
# shellcheck shell=bash

# The Debian packages HelpViewer builds, runs and tests with.
HELPVIEWER_PACKAGES=(libgtk-4-dev libwebkitgtk-6.0-dev libsqlite3-dev libxml2-dev libxslt1-dev yelp-xsl xvfb xauth xdotool x11-utils metacity dbus-daemon openssl gettext at-spi2-core python3-pyatspi)

helpviewer_install_missing() {
  local missing=()
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "Installing: ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
  fi
  if ! command -v swift >/dev/null 2>&1; then
    echo "Swift 6 is needed (swift not on PATH): see https://www.swift.org/install/linux/" >&2
    exit 1
  fi
}

# Runs "$@" with a display: the current one, or a new Xvfb with its own D-Bus session.
helpviewer_with_display() {
  if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    "$@"
  else
    xvfb-run -a --server-args="-screen 0 1280x1024x24" dbus-run-session -- "$@"
  fi
}
