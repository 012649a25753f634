#!/usr/bin/env bash
# Measures what grading costs over the bare build-and-test loop, as a ratio in one run.
#
# Each round edits one line of a lesson-1 starter file, then times
#   A: swift run grade 1
# and, after another one-line edit,
#   B: swift build --build-tests && swift test --skip-build --filter ExpectRequireTests
# Rounds alternate A and B so drift in machine speed hits both alike. It prints
# each pair, the medians and the median ratio A/B. The target is at most 1.3.
#
# A bare run that takes longer than 120 s is stopped and reported, not counted:
# on Swift 6.3.1 for Linux, swift test can, rarely, hang after a test crashes,
# with swift-backtrace waiting on a process that has gone (seen once in about
# 40 runs here). The grader turns the backtracer off and has its own time limit.
#
# Usage: bench/grade-vs-bare.sh [ROUNDS]   (default 5; the file is restored at the end)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
file="Lessons/01-expect-and-require/Sources/ScoreValidator.swift"
backup="$(mktemp)"
cp "$file" "$backup"
trap 'cp "$backup" "$file"; rm -f "$backup"' EXIT

edit() { # Change one line: the last line of the file gets a new trailing comment.
  cp "$backup" "$file"
  printf '// bench edit %s\n' "$1" >> "$file"
}
now() { date +%s.%N; }

echo "Warming up: building the workbook and the lesson-1 sandbox once..."
swift build --build-tests >/dev/null 2>&1
swift run grade 1 >/dev/null 2>&1 || true
swift test --skip-build --filter ExpectRequireTests >/dev/null 2>&1 || true

grade_times=()
bare_times=()
ratios=()
for round in $(seq 1 "$rounds"); do
  edit "grade-$round-$RANDOM"
  start=$(now); swift run grade 1 >/dev/null 2>&1 || true; end=$(now)
  a=$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')
  edit "bare-$round-$RANDOM"
  start=$(now)
  status=0
  timeout -k 5 120 bash -c 'swift build --build-tests && swift test --skip-build --filter ExpectRequireTests' >/dev/null 2>&1 || status=$?
  end=$(now)
  b=$(awk -v s="$start" -v e="$end" 'BEGIN { print e - s }')
  if [ "$status" -ge 124 ]; then
    pkill -f swift-backtrace || true
    printf 'round %d: grade %.2f s, bare hung and was stopped after %.0f s: not counted\n' "$round" "$a" "$b"
    continue
  fi
  r=$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')
  grade_times+=("$a"); bare_times+=("$b"); ratios+=("$r")
  printf 'round %d: grade %.2f s, bare %.2f s, ratio %.2f\n' "$round" "$a" "$b" "$r"
done

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf 'median: grade %.2f s, bare %.2f s, ratio %.2f (target: at most 1.30)\n' \
  "$(median "${grade_times[@]}")" "$(median "${bare_times[@]}")" "$(median "${ratios[@]}")"
