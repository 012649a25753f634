#!/usr/bin/env bash
# Runs every write-tests task's reference tests against every version of a lesson many times,
# to show each chaff is caught in every run and each wheat and timing wheat passes every run.
#
# It is `grade check N --runs RUNS`, which does the work (each variant's runs side by side, as
# many at once as there are cores, and any run that misses a bug or fails a correct version is
# a breach), with BUSY=1 keeping both cores busy besides, as a loaded CI machine would.
# (It used to compile the reference tests by hand against variant libraries; variants are
# runner programs now, and grade check is the one place that knows how to run them.)
#
# Usage: bench/chaff-soak.sh LESSON_NUMBER [RUNS]   (default 500; BUSY=1 keeps both cores busy)
set -euo pipefail
cd "$(dirname "$0")/.."
number="$1"; runs="${2:-500}"
trap '[ -n "${hog1:-}" ] && kill $hog1 $hog2 2>/dev/null || true' EXIT
if [ "${BUSY:-0}" = 1 ]; then yes >/dev/null & hog1=$!; yes >/dev/null & hog2=$!; fi
start=$(date +%s)
log="$(mktemp)"
swift run grade check "$number" --runs "$runs" >"$log" 2>&1 || true
# The summary lines, then every breach in full: what was missed or failed, in which run.
grep -E "bugs caught|keeps its promises|correct version" "$log" || true
sed -n '/^grade check: [0-9]* breach/,$p' "$log"
rm -f "$log"
echo "lesson $number: $runs runs per version$([ "${BUSY:-0}" = 1 ] && echo ", both cores kept busy") in $(( $(date +%s) - start )) s"
