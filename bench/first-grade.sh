#!/usr/bin/env bash
# Measures the first grade of each lesson against a warm grade of it, as a learner meets
# them in order, in a fresh clone: with the grader preparing the lessons ahead in the
# background (what a learner at a terminal gets) and without.
#
# For each lesson N, in order:
#   1. `grade N-1` (lesson N-1 shown, as when the learner finished it), then, with
#      preparation on, wait until the background `grade prepare` ends (the learner reads
#      lesson N's walkthrough meanwhile; its length is printed as `prep`);
#   2. first: a one-line edit of lesson N's first owned file, then `grade N` (timed);
#   3. warm: another one-line edit of the same file, then `grade N` (timed);
#   4. busy: with preparation on, a background `grade prepare` of two other lessons
#      starts, then another edit and `grade N` (timed): the grade in progress must
#      not be slowed by it (ratio busy/warm, target about 1.0).
# It prints per lesson first, warm, first/warm (target: at most 2.0) and busy/warm, with
# preparation (GRADE_PREPARE=1) and without (GRADE_PREPARE=0), each in a fresh clone.
#
# Usage: bench/first-grade.sh            (every lesson)
#        LESSONS="5 6" bench/first-grade.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
now() { date +%s.%N; }
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.2f", e - s }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

mapfile -t lessons < <(python3 - <<'PY'
import json
catalog = json.load(open("Lessons/catalog.json"))
for number, lesson in enumerate(catalog["lessons"], 1):
    folder = "%02d-%s" % (number, lesson["slug"])
    print(number, folder, lesson["tasks"][0]["files"][0], len(catalog["lessons"]))
PY
)

measure() {  # $1: 1 or 0, preparation on or off
  local prepare="$1" clone
  clone="$(mktemp -d)/workbook"
  git clone -q "$repository" "$clone"
  (
    cd "$clone"
    swift build --product grade >/dev/null 2>&1
    local grade=".build/debug/grade"
    wait_prepared() { flock .build/grade/prepare.lock true 2>/dev/null || true; }
    for line in "${lessons[@]}"; do
      read -r number folder file count <<<"$line"
      if [ -n "${LESSONS:-}" ] && ! [[ " $LESSONS " == *" $number "* ]]; then continue; fi
      if [ "$number" -gt 1 ]; then
        GRADE_PREPARE="$prepare" "$grade" "$((number - 1))" >/dev/null 2>&1 || true
      else
        GRADE_PREPARE="$prepare" "$grade" >/dev/null 2>&1 || true   # a fresh clone's first run
      fi
      start=$(now); sleep 0.5; wait_prepared; prep=$(elapsed "$start")
      path="Lessons/$folder/$file"
      printf '\n// first edit\n' >>"$path"
      start=$(now); GRADE_PREPARE=0 "$grade" "$number" >/dev/null 2>&1 || true; first=$(elapsed "$start")
      printf '// warm edit\n' >>"$path"
      start=$(now); GRADE_PREPARE=0 "$grade" "$number" >/dev/null 2>&1 || true; warm=$(elapsed "$start")
      busy="-"
      if [ "$prepare" = 1 ]; then
        others=$(( (number % count) + 1 )) ; other2=$(( (others % count) + 1 ))
        rm -rf .build/grade/workspaces/prepare
        nice -n 19 "$grade" prepare "$others" "$other2" >/dev/null 2>&1 &
        sleep 1
        printf '// busy edit\n' >>"$path"
        start=$(now); GRADE_PREPARE=0 "$grade" "$number" >/dev/null 2>&1 || true; busy=$(elapsed "$start")
        wait
      fi
      printf '%-8s %-4s %6s %7s %7s %10s %10s %9s\n' "$([ "$prepare" = 1 ] && echo on || echo off)" "$number" "$prep" "$first" "$warm" \
        "$(ratio "$first" "$warm")" "$([ "$busy" = - ] && echo - || echo "$busy")" "$([ "$busy" = - ] && echo - || ratio "$busy" "$warm")"
    done
  )
  rm -rf "$(dirname "$clone")"
}

printf '%-8s %-4s %6s %7s %7s %10s %10s %9s\n' prepare L prep first warm first/warm busy busy/warm
measure 1
measure 0
