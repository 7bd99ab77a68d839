#!/usr/bin/env bash
# Builds the host package in Examples/AcmeNotes (its own `CGtk` target, HelpViewer as a package
# dependency) and runs its self-test under Xvfb: open the help, close it, show the terms, accept
# them, quit. Fails on a failed step and on any GLib warning or critical that AcmeNotes prints.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
example=Examples/AcmeNotes
swift build --package-path "$example"
binary="$(swift build --package-path "$example" --show-bin-path)/AcmeNotes"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A first launch: no receipt yet, so the terms show at start.
export XDG_CONFIG_HOME="$work/config"
status=0
helpviewer_with_display timeout 120 "$binary" --self-test >"$work/out" 2>"$work/err" || status=$?
cat "$work/out"
# GLib prints "(PROGRAM:PID): DOMAIN-WARNING **" and "-CRITICAL **"; other programs of the
# session (portals, the accessibility bus) print their own, which are not AcmeNotes'.
if grep -E "^\(AcmeNotes:[0-9]+\): .*(WARNING|CRITICAL) \*\*" "$work/err" >"$work/glib"; then
  echo "AcmeNotes printed GLib warnings or criticals:" >&2
  cat "$work/glib" >&2
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "Examples/AcmeNotes self-test failed (exit $status); its standard error:" >&2
  cat "$work/err" >&2
  exit 1
fi
grep -qx "self-test passed" "$work/out"
echo "Examples/AcmeNotes: built against HelpViewer and passed its self-test"
