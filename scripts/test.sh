#!/usr/bin/env bash
# Installs what is missing (Debian 12) and runs the whole test suite: the toolkit-free core
# tests and the real GTK/WebKitGTK tests, under Xvfb when there is no display.
#
#   bash scripts/test.sh                                  # the whole suite and Examples/AcmeNotes
#   bash scripts/test.sh --sanitize address               # the whole suite under AddressSanitizer
#   bash scripts/test.sh --sanitize thread                # … under ThreadSanitizer
#   bash scripts/test.sh --sanitize address --filter 'DialogReuseTests|ViewReuseTests'
#
# A sanitizer build goes to a scratch folder of its own (.build-asan, .build-tsan), so it does
# not clobber the normal .build. Only the package's own code (Swift and the C shim) is
# instrumented; GTK, GLib and WebKit are the system's. A sanitizer report fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer=""
filter=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --sanitize)
      sanitizer="${2:-}"
      shift 2 || { echo "usage: $0 [--sanitize address|thread] [--filter REGEX]" >&2; exit 2; }
      ;;
    --filter)
      [ -n "${2:-}" ] || { echo "usage: $0 [--sanitize address|thread] [--filter REGEX]" >&2; exit 2; }
      filter=(--filter "$2")
      shift 2
      ;;
    *)
      echo "usage: $0 [--sanitize address|thread] [--filter REGEX]" >&2
      exit 2
      ;;
  esac
done

source scripts/lib/setup.sh
helpviewer_install_missing "${HELPVIEWER_PACKAGES[@]}"
# gdb prints the stacks of a test process that crashed under ThreadSanitizer (below).
if [ "$sanitizer" = thread ]; then helpviewer_install_missing gdb; fi

case "$sanitizer" in
  "")
    swift build --build-tests
    helpviewer_with_display swift test --skip-build "${filter[@]}"
    # The whole suite includes a real host: Examples/AcmeNotes, built against this package with
    # its own CGtk target, and its self-test under Xvfb.
    if [ "${#filter[@]}" -eq 0 ]; then bash scripts/check-example.sh; fi
    ;;
  address)
    # detect_leaks=0: LeakSanitizer's report at exit (checked on the dialog and reuse suites:
    # about 2700 allocations, 100 KB) holds nothing allocated by HelpViewer's sources. Its direct
    # leaks are Fontconfig's and Mesa's (swrast_dri) caches, swift-corelibs-foundation's
    # `String(contentsOf:)` read buffer and `Process.run` weak reference (the tests' helper
    # processes), and XCTest's own test objects, which every test's allocations sit under, so
    # they cannot be suppressed without hiding ours. Leaks of ours are tested without a
    # sanitizer instead (PrivacyAndLifecycleTests: every dialog, window and web view freed).
    export ASAN_OPTIONS="detect_leaks=0:suppressions=$PWD/scripts/sanitizers/asan.supp${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    swift build --build-tests --sanitize=address --scratch-path .build-asan
    helpviewer_with_display swift test --skip-build --sanitize=address --scratch-path .build-asan "${filter[@]}"
    ;;
  thread)
    # halt_on_error=0: every report of the run is printed; the exit status is still non-zero
    # (TSan's exitcode) when there was one.
    # disable_coredump=0, abort_on_error=1 and `ulimit -c`: when the test process crashes (or the
    # runtime gives up), its core is kept (without the shadow memory) and its threads' stacks
    # are printed from it (the runtime's own unwinder can crash: it printed none when a thread
    # ended on a released TSan state, which Tests/HelpViewerTestShim/hv_test_tsan_thread_exit.c
    # now prevents).
    export TSAN_OPTIONS="suppressions=$PWD/scripts/sanitizers/tsan.supp:halt_on_error=0:second_deadlock_stack=1:disable_coredump=0:abort_on_error=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    swift build --build-tests --sanitize=thread --scratch-path .build-tsan
    rm -f core core.[0-9]*
    status=0
    (ulimit -c unlimited 2>/dev/null || true
      helpviewer_with_display swift test --skip-build --sanitize=thread --scratch-path .build-tsan "${filter[@]}") ||
      status=$?
    for core in core core.[0-9]*; do
      [ -f "$core" ] || continue
      echo "test.sh: the test process left $core; its threads' stacks:" >&2
      gdb -batch -ex "info threads" -ex "bt 40" -ex "thread apply all bt 12" \
        .build-tsan/debug/HelpViewerPackageTests.xctest "$core" 2>&1 | head -n 400 >&2 || true
      rm -f "$core"
    done
    exit "$status"
    ;;
  *)
    echo "usage: $0 [--sanitize address|thread] [--filter REGEX]" >&2
    exit 2
    ;;
esac
