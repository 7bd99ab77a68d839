#!/usr/bin/env bash
# Installs what is missing (Debian 12) and runs the whole test suite: the toolkit-free core
# tests and the real GTK/WebKitGTK tests, under Xvfb when there is no display.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
helpviewer_install_missing "${HELPVIEWER_PACKAGES[@]}"
swift build --build-tests
helpviewer_with_display swift test --skip-build
