#!/usr/bin/env bash
# Measures how reliably the grader catches a learner test that passes by luck.
#
# Lesson 6's starter test waits for an unstructured task with Task.yield()
# instead of for the work itself: it passes against the correct code most of
# the time. The script grades that test GRADINGS times, each from scratch
# (--no-cache), and counts the gradings that failed the task for flakiness
# (a failed repeated run or a failed timing wheat). Target: at least 19 of 20.
#
# Usage: bench/flaky-catch.sh [GRADINGS]   (default 20; run it on an untouched lesson 6)
set -euo pipefail
cd "$(dirname "$0")/.."
gradings="${1:-20}"
swift build --product grade >/dev/null 2>&1
caught=0
for run in $(seq 1 "$gradings"); do
  out="$(.build/debug/grade 6 --no-cache --format json 2>/dev/null || true)"
  if printf '%s' "$out" | grep -qE 'runs against a correct implementation|fails against a correct implementation that'; then
    caught=$((caught + 1))
  fi
done
echo "caught the Task.yield() test in $caught of $gradings gradings (target: at least 19 of 20)"
