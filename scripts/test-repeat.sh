#!/usr/bin/env bash
# Builds once, then runs the GTK test suite (the HelpViewerTests XCTest target: real WebKitGTK
# under Xvfb, as scripts/test.sh does) N times in a row, and prints each failed run's failing
# tests and, at the end, "N passed, M failed" (runs). Exits non-zero when any run failed.
#
#   bash scripts/test-repeat.sh 10          # ten runs
#   bash scripts/test-repeat.sh 10 --busy   # ten runs while a background process keeps one core busy
#
# The logs of every run stay in a temporary folder, named at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh

usage() {
  echo "usage: $0 N [--busy]" >&2
  exit 2
}

runs=""
busy=0
for argument in "$@"; do
  case "$argument" in
    --busy) busy=1 ;;
    '' | *[!0-9]*) usage ;;
    *) runs=$argument ;;
  esac
done
[ -n "$runs" ] && [ "$runs" -gt 0 ] || usage

helpviewer_install_missing "${HELPVIEWER_PACKAGES[@]}"
swift build --build-tests

logs=$(mktemp -d "${TMPDIR:-/tmp}/helpviewer-test-repeat.XXXXXX")
busy_pid=""
stop_busy() {
  if [ -n "$busy_pid" ]; then
    kill "$busy_pid" 2>/dev/null || true
    wait "$busy_pid" 2>/dev/null || true
    busy_pid=""
  fi
}
trap stop_busy EXIT
trap 'stop_busy; exit 130' INT TERM
if [ "$busy" -eq 1 ]; then
  # One core kept busy for the whole time, as another job on a shared CI machine would.
  yes >/dev/null &
  busy_pid=$!
  echo "Keeping one core busy (pid $busy_pid) during the runs."
fi

passed=0
failed=0
for run in $(seq 1 "$runs"); do
  log="$logs/run-$run.log"
  started=$(date +%s)
  if helpviewer_with_display swift test --skip-build --filter 'HelpViewerTests\.' >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "run $run: passed ($(($(date +%s) - started)) s)"
  else
    failed=$((failed + 1))
    echo "run $run: FAILED ($(($(date +%s) - started)) s), log: $log"
    failures=$(grep -E "^Test Case '.*' failed" "$log" | sed -E "s/^Test Case '([^']*)' failed.*/\1/" | sort -u || true)
    if [ -n "$failures" ]; then
      while IFS= read -r test; do
        echo "  $test"
        # The test's own error lines: "<file>:<line>: error: <Class>.<test> : <message>".
        grep -F "error: ${test} :" "$log" | sed -E 's/^[^:]*\/([^/:]+:[0-9]+): error: [^ ]+ : /    \1: /' | head -5 || true
      done <<<"$failures"
    else
      echo "  no failing test named (a crash?); the log ends:"
      tail -n 15 "$log" | sed 's/^/    /'
    fi
  fi
done

echo "Logs: $logs"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
