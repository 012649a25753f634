#!/usr/bin/env bash
# Runs every lesson's tests against the solutions many times, to prove they are not flaky.
#
# Builds the solutions once (WORKBOOK_SOLUTIONS=1, in .build-solutions), then
# runs the test binary RUNS times with Swift Testing's default parallelism,
# and prints how many runs passed. Any failing run's output is kept.
#
# Usage: bench/soak-solutions.sh [RUNS] [FILTER]
#   RUNS    default 200
#   FILTER  a Swift Testing --filter regex, default every lesson's canonical and reference tests
#   BUSY=1  keeps both cores busy with two spinning processes while it runs
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
modules="$(python3 -c 'import json; print("|".join(l["module"] for l in json.load(open("Lessons/catalog.json"))["lessons"]))')"
filter="${2:-^($modules)(Learner)?Tests\.}"
if [ "${BUSY:-0}" = 1 ]; then
  yes >/dev/null & hog1=$!
  yes >/dev/null & hog2=$!
  trap 'kill $hog1 $hog2 2>/dev/null || true' EXIT
fi

WORKBOOK_SOLUTIONS=1 swift build --build-tests --scratch-path .build-solutions >/dev/null
binary=".build-solutions/debug/TestingWorkbookPackageTests.xctest"
failures=0
log="$(mktemp)"
for run in $(seq 1 "$runs"); do
  if ! "$binary" --testing-library swift-testing --filter "$filter" >"$log" 2>&1; then
    failures=$((failures + 1))
    cp "$log" "soak-failure-$run.log"
    echo "run $run failed; its output is in soak-failure-$run.log"
  fi
done
rm -f "$log"
echo "$((runs - failures)) of $runs runs passed (filter: $filter)"
[ "$failures" -eq 0 ]
