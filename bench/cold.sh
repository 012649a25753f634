#!/usr/bin/env bash
# Measures a learner's first command on a fresh clone against SwiftPM's own first build,
# as a ratio in one run: `swift run grade` in one fresh clone (it builds the grader and
# grades lesson 1), `swift build --build-tests` in another. Target: the ratio at most 0.4.
#
# Usage: bench/cold.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.2f", e - s }'; }

git clone -q "$repository" "$work/grade"
git clone -q "$repository" "$work/build"
start=$(now); (cd "$work/grade" && GRADE_PREPARE=0 swift run grade >/dev/null 2>&1 || true); grade=$(elapsed "$start")
start=$(now); (cd "$work/build" && swift build --build-tests >/dev/null 2>&1); build=$(elapsed "$start")
awk -v g="$grade" -v b="$build" 'BEGIN {
  printf "cold swift run grade:              %6.1f s\n", g
  printf "cold swift build --build-tests:    %6.1f s\n", b
  printf "ratio: %.2f (target: at most 0.4)\n", g / b
}'
