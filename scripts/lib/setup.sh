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
#
# The Xvfb picks a display number no X server uses (-displayfd): `xvfb-run -a` only looks for
# lock files in /tmp, and a server in another mount namespace on the same network (a chroot or
# a container with the host's network) leaves none there; GTK then met that server's socket
# and could not open the display (seen once in a ten-run repeat beside a chroot's tests).
# -noreset: the server does not reset when its last client leaves (a reset drops root-window
# properties and refuses whoever connects meanwhile).
helpviewer_with_display() {
  if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
    "$@"
    return
  fi
  local number_file xvfb status=0
  number_file=$(mktemp)
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$number_file" 2>/dev/null &
  xvfb=$!
  local attempt
  for attempt in $(seq 300); do
    [ -s "$number_file" ] || ! kill -0 "$xvfb" 2>/dev/null && break
    sleep 0.1
  done
  if ! [ -s "$number_file" ]; then
    echo "Xvfb did not start (after ${attempt} tries)" >&2
    kill "$xvfb" 2>/dev/null || true
    rm -f "$number_file"
    return 1
  fi
  env -u XAUTHORITY DISPLAY=":$(head -n 1 "$number_file")" dbus-run-session -- "$@" || status=$?
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  rm -f "$number_file"
  return "$status"
}
