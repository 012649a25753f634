#!/usr/bin/env bash
# Measures how reliably the grader catches a learner test that passes by luck.
#
# Lesson 6's starter test waits for an unstructured task with Task.yield()
# instead of for the work itself: it passes against the correct code most of
# the time. The script grades that test GRADINGS times, each from scratch
# (--no-cache), and counts the gradings where a check on correct code failed
# it: one of the repeated runs, a timing wheat, or the single run itself.
# Target: at least 19 of 20.
#
# Usage: bench/flaky-catch.sh [GRADINGS]   (default 20; run it on an untouched lesson 6)
set -euo pipefail
cd "$(dirname "$0")/.."
gradings="${1:-20}"
swift build --product grade >/dev/null 2>&1
caught=0
for run in $(seq 1 "$gradings"); do
  out="$(.build/debug/grade 6 --no-cache --format json 2>/dev/null || true)"
  # Caught: task 2 failed a check on correct code (a run, a timing wheat, or the single run itself).
  if printf '%s' "$out" | python3 -c '
import json, sys
tests = json.load(sys.stdin)["tests"]
sys.exit(0 if any(t["task_id"] == 2 and "correct implementation" in t["name"] and t["status"] != "pass" for t in tests) else 1)'; then
    caught=$((caught + 1))
  fi
done
echo "caught the Task.yield() test in $caught of $gradings gradings (target: at least 19 of 20)"
