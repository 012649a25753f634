#!/usr/bin/env bash
# Times the set-up commands the README gives figures for, each from a fresh clone on this
# machine, with the load beside them:
#   check-setup   `swift run grade check-setup` (it builds the grader and one probe lesson)
#   first grade   `swift run grade` (builds the grader, grades the lesson a learner starts in)
#   release       `swift run grade release DIR` (every variant and kept mutant compiled)
#   gradescope    what Gradescope's setup.sh does after installing Swift: a release build of
#                 the grader, then the starter graded once as a submission (every lesson built)
# and SwiftPM's own cold `swift build --build-tests` of the workbook, to read them against.
#
# Usage: bench/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.1f", e - s }'; }
fresh() { rm -rf "$work/clone"; git clone -q "$repository" "$work/clone"; }
row() { printf '%-14s %8s s   load %s\n' "$1" "$2" "$(cut -d' ' -f1 /proc/loadavg)"; }

fresh; start=$(now); (cd "$work/clone" && swift run grade check-setup >/dev/null 2>&1 || true); row check-setup "$(elapsed "$start")"
fresh; start=$(now); (cd "$work/clone" && GRADE_PREPARE=0 swift run grade >/dev/null 2>&1 || true); row "first grade" "$(elapsed "$start")"
fresh; start=$(now); (cd "$work/clone" && swift run grade release "$work/copy" >/dev/null 2>&1); row release "$(elapsed "$start")"
fresh
(cd "$work/clone" && swift run grade export gradescope "$work/gradescope" >/dev/null 2>&1)
start=$(now)
(
  cd "$work/gradescope/workbook"
  swift build -c release --product grade >/dev/null 2>&1
  warm="$(mktemp -d)"; mkdir -p "$warm/submission" "$warm/results" "$warm/source"
  cp -R Lessons "$warm/submission/"; ln -s "$PWD" "$warm/source/workbook"
  AUTOGRADER_ROOT="$warm" ../run_autograder >/dev/null 2>&1 || true
  rm -rf "$warm"
)
row gradescope "$(elapsed "$start")"
fresh; start=$(now); (cd "$work/clone" && swift build --build-tests >/dev/null 2>&1); row "swift build" "$(elapsed "$start")"
