#!/usr/bin/env bash
# Runs the randomized help session test (RandomSessionTests: real dialogs under Xvfb, each step
# checked as a person would check it) for many steps. CI runs 200 steps each run, with a new
# seed; this runs 5,000 by default. A failure prints its seed and the steps to replay it.
#
#   bash scripts/test-sessions.sh                # 5,000 steps, a random seed
#   bash scripts/test-sessions.sh 20000          # 20,000 steps
#   bash scripts/test-sessions.sh 200 1234       # replay seed 1234's first 200 steps
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-5000}
seed=${2:-}
case "$steps" in '' | *[!0-9]*) echo "usage: $0 [STEPS] [SEED]" >&2; exit 2 ;; esac
case "$seed" in *[!0-9]*) echo "usage: $0 [STEPS] [SEED]" >&2; exit 2 ;; esac

source scripts/lib/setup.sh
helpviewer_install_missing "${HELPVIEWER_PACKAGES[@]}"
swift build --build-tests
export HV_SESSION_STEPS="$steps"
if [ -n "$seed" ]; then export HV_SESSION_SEED="$seed"; fi
helpviewer_with_display swift test --skip-build --filter 'RandomSessionTests'
