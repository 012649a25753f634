#!/usr/bin/env bash
# Measures preparing the whole book (every variant and kept mutant of every lesson, the
# runner, the canonical tests) against SwiftPM's own cold `swift build --build-tests` of the
# workbook, side by side in one run, each in a fresh clone. Target: the ratio at most 1.0.
#
# Usage: bench/book-prep.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.2f", e - s }'; }

git clone -q "$repository" "$work/prepare"
git clone -q "$repository" "$work/build"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(now); (cd "$work/prepare" && swift build --product grade >/dev/null 2>&1); tool=$(elapsed "$start")
start=$(now); (cd "$work/prepare" && .build/debug/grade prepare >/dev/null 2>&1); book=$(elapsed "$start")
start=$(now); (cd "$work/build" && swift build --build-tests >/dev/null 2>&1); build=$(elapsed "$start")
awk -v t="$tool" -v p="$book" -v b="$build" 'BEGIN {
  printf "building the grader (swift build --product grade): %6.1f s\n", t
  printf "grade prepare (every lesson, every variant):      %6.1f s\n", p
  printf "cold swift build --build-tests:                   %6.1f s\n", b
  printf "ratio prepare / build: %.2f (target: at most 1.0); with the grader built: %.2f\n", p / b, (t + p) / b
}'
