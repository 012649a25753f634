#!/usr/bin/env bash
# Measures what grading costs over the bare build-and-test loop, for the edits
# learners make, in every lesson, as ratios within one run.
#
# For each lesson and each of three edits:
#   code        a one-line edit of the first implement task's file (the starter's)
#   tests       a one-line edit of the first write-tests task's file (the starter's)
#   full-tests  the same file holding the reference tests, then a one-line edit
# it times each of three loops, each run after its own one-line edit:
#   A: swift run grade N            (swift run's own start-up included)
#   G: .build/debug/grade N         (the grader binary alone)
#   B: swift build --build-tests && swift test --skip-build --filter '<Module>Tests|<Module>LearnerTests'
# and prints the medians and the median ratio A/B per row (target: at most 1.0).
#
# Each loop's rounds run one after another, after one untimed run of the same command, as a
# learner runs one loop: SwiftPM plans its build again whenever the command before asked for
# another plan (`swift test` always does; `swift run` after it does, 0.2 s each). Rounds
# taken in turns, A G B A G B, charged B's plan to the A after it, and spared B its own:
# after `swift run grade`, `swift build --build-tests` needs no new plan, after `swift test` it
# does. The number of "Planning build" lines each command prints shows it.
#
# Then watch mode: under tmux, `swift run grade watch 1` runs while the script
# saves a fix of lesson 1's task-1 file, then the starter again, and times each
# save until the screen shows the new verdict; B is the bare loop after the
# same save. Needs tmux (apt-get install tmux); skipped without it.
#
# Usage: bench/latency.sh [ROUNDS]   (default 3; every file is restored at the end)
#        LESSONS="1 3" bench/latency.sh 5   measures those lessons only
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
backups="$(mktemp -d)"
restore() {
  if [ -d "$backups/Lessons" ]; then cp -r "$backups/Lessons/." Lessons/; fi
  tmux kill-session -t grade-bench 2>/dev/null || true
  rm -rf "$backups"
}
trap restore EXIT
cp -r Lessons "$backups/"

now() { date +%s.%N; }
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.3f", e - s }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# The backtracer is off, as in the grader's runs: in some containers it hangs after a crash.
# Each timed command starts with the disk's writes flushed: the bare loop writes a test binary
# of hundreds of megabytes, and the command after it paid for the writeback (0.2 s on lesson 5:
# `swift run grade 5` took 2.15 s right after the bare loop, 1.94 s after three idle seconds).
# In a fixed order that was always the grader's command.
settle() { sync; }
bare() { SWIFT_BACKTRACE=enable=no timeout -k 5 180 bash -c "swift build --build-tests && swift test --skip-build --filter '$1Tests|$1LearnerTests'" >/dev/null 2>&1 || true; }

# One line per lesson: number, module, folder, first implement file, first write-tests file.
mapfile -t lessons < <(python3 - <<'PY'
import json
catalog = json.load(open("Lessons/catalog.json"))
for number, lesson in enumerate(catalog["lessons"], 1):
    folder = "%02d-%s" % (number, lesson["slug"])
    # "-" for none: read would merge two blanks and shift the fields.
    code = next((t["files"][0] for t in lesson["tasks"] if t["kind"] == "implement"), "-")
    tests = next((t["files"][0] for t in lesson["tasks"] if t["kind"] == "write-tests"), "-")
    print(number, lesson["module"], folder, code, tests)
PY
)

echo "Warming up: building the workbook and the grader..."
swift build --build-tests >/dev/null 2>&1
swift build --product grade >/dev/null 2>&1

rows=()
for line in "${lessons[@]}"; do
  read -r number module folder code tests <<<"$line"
  if [ -n "${LESSONS:-}" ] && ! [[ " $LESSONS " == *" $number "* ]]; then continue; fi
  for edit in code tests full-tests; do
    case "$edit" in
      code) file="Lessons/$folder/$code" ;;
      *) file="Lessons/$folder/$tests" ;;
    esac
    [ -f "$file" ] || continue
    cp "$backups/$file" "$file"
    if [ "$edit" = full-tests ]; then cp "Solutions/$folder/${tests}" "$file"; fi
    base="$(mktemp)"; cp "$file" "$base"
    # Warmed as a learner's loop is: after an edit, since a task whose file is still the
    # starter's is not built at all (its first edit's cost is bench/first-grade.sh's and
    # bench/jumps.sh's to measure).
    printf '// bench warm-up\n' >>"$file"
    swift run grade "$number" >/dev/null 2>&1 || true
    bare "$module"
    a_times=(); g_times=(); b_times=(); ratios=()
    one_edit() { cp "$base" "$file"; printf '// bench %s\n' "$1$RANDOM" >>"$file"; settle; }
    one_edit A0; swift run grade "$number" >/dev/null 2>&1 || true
    for round in $(seq 1 "$rounds"); do
      one_edit "A$round"; start=$(now); swift run grade "$number" >/dev/null 2>&1 || true; a_times+=("$(elapsed "$start")")
    done
    for round in $(seq 1 "$rounds"); do
      one_edit "G$round"; start=$(now); .build/debug/grade "$number" >/dev/null 2>&1 || true; g_times+=("$(elapsed "$start")")
    done
    one_edit B0; bare "$module"
    for round in $(seq 1 "$rounds"); do
      one_edit "B$round"; start=$(now); bare "$module"; b_times+=("$(elapsed "$start")")
    done
    for round in $(seq 0 $((rounds - 1))); do
      ratios+=("$(awk -v a="${a_times[$round]}" -v b="${b_times[$round]}" 'BEGIN { print a / b }')")
    done
    cp "$backups/$file" "$file"; rm -f "$base"
    row=$(printf '| %d | %-10s | %5.2f s | %5.2f s | %5.2f s | %4.2f |' "$number" "$edit" \
      "$(median "${a_times[@]}")" "$(median "${g_times[@]}")" "$(median "${b_times[@]}")" "$(median "${ratios[@]}")")
    echo "$row"
    rows+=("$row")
  done
done

if command -v tmux >/dev/null 2>&1; then
  read -r number module folder code tests <<<"${lessons[0]}"
  file="Lessons/$folder/$code"
  starter="$backups/$file"; fixed="Solutions/$folder/$code"
  tmux kill-session -t grade-bench 2>/dev/null || true
  cp "$starter" "$file"
  tmux new-session -d -s grade-bench -x 200 -y 60 "swift run grade watch $number"
  screen() { tmux capture-pane -p -t grade-bench; }
  wait_for() { # Waits until the screen shows $1 and the watch is idle again.
    for _ in $(seq 1 3000); do
      if screen | grep -qF -- "$1" && screen | grep -q "for saves"; then return 0; fi
      sleep 0.01
    done
    return 1
  }
  wait_for "✘ Task 1"
  w_times=(); wb_times=(); w_ratios=()
  for round in $(seq 1 "$rounds"); do
    for target in fixed starter; do
      if [ "$target" = fixed ]; then source="$fixed"; mark="✔ Task 1"; else source="$starter"; mark="✘ Task 1"; fi
      # A save the grader has not seen before (an identical one is answered from its cache), written at once.
      { cat "$source"; printf '// bench %s\n' "S$round$RANDOM"; } >"$file.bench"
      settle; start=$(now); mv "$file.bench" "$file"; wait_for "$mark"; w=$(elapsed "$start")
      # The bare loop after the same save, with the watch idle.
      printf '// bench %s\n' "W$round$RANDOM" >>"$file"; sleep 1; wait_for "$mark"
      settle; start=$(now); bare "$module"; b=$(elapsed "$start")
      w_times+=("$w"); wb_times+=("$b"); w_ratios+=("$(awk -v a="$w" -v b="$b" 'BEGIN { print a / b }')")
    done
  done
  row=$(printf '| %d | %-10s | %5.2f s | %7s | %5.2f s | %4.2f |' "$number" "watch" \
    "$(median "${w_times[@]}")" "-" "$(median "${wb_times[@]}")" "$(median "${w_ratios[@]}")")
  echo "$row"
  rows+=("$row")
  tmux kill-session -t grade-bench 2>/dev/null || true
else
  echo "tmux is not installed: watch mode not measured (apt-get install tmux)"
fi

echo
echo "| lesson | edit | swift run grade N | grade binary | bare build + test | ratio (swift run / bare) |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo "Target: every ratio at most 1.0."
