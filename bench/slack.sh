#!/usr/bin/env bash
# Measures the slack in a lesson's reference tests: which of them the grader lets go.
#
# In a scratch copy of the workbook with the lesson solved (`grade solve --into`, never
# your files), it deletes each test function of each write-tests task's files in turn,
# grades that task with the grader already built here, and prints each deletion the
# grade still passes. Such a test checks nothing a chaff or a kept mutant needs: either
# another test covers the same promise (the catalog should say so) or a bug of that
# kind is missing (a gap, to close with a chaff or a mutant operator).
#
# Usage: bench/slack.sh LESSON [TASK]   (LESSON by number; TASK limits it to one task)
# Prints one line per deletion (`passes` or `fails`), then a count; exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
lesson="${1:?usage: bench/slack.sh LESSON [TASK]}"
only="${2:-}"
case "$lesson$only" in *[!0-9]*) echo "bench/slack.sh: LESSON and TASK are numbers" >&2; exit 64 ;; esac

# One line per write-tests task of the lesson: its number, then its files.
mapfile -t tasks < <(python3 - "$lesson" <<'PY'
import json, sys
catalog = json.load(open("Lessons/catalog.json"))
number = int(sys.argv[1])
if not 1 <= number <= len(catalog["lessons"]):
    sys.exit("bench/slack.sh: no lesson %d" % number)
lesson = catalog["lessons"][number - 1]
print("%02d-%s" % (number, lesson["slug"]), len(lesson["tasks"]))
for index, task in enumerate(lesson["tasks"], 1):
    if task["kind"] == "write-tests":
        print(index, *task["files"])
PY
)
read -r folder count <<<"${tasks[0]}"

swift build --product grade >/dev/null 2>&1
grade="$root/.build/debug/grade"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
"$grade" solve "$lesson" --task "$count" --into "$scratch/workbook" >/dev/null 2>&1
cd "$scratch/workbook"

passed=0; total=0
for line in "${tasks[@]:1}"; do
  read -r task files <<<"$line"
  [ -n "$only" ] && [ "$only" != "$task" ] && continue
  for file in $files; do
    path="Lessons/$folder/$file"
    cp "$path" "$scratch/kept.swift"
    for test in $(python3 "$root/bench/test-functions.py" list "$path"); do
      python3 "$root/bench/test-functions.py" drop "$scratch/kept.swift" "$test" >"$path"
      total=$((total + 1))
      if "$grade" "$lesson" --task "$task" >"$scratch/out.txt" 2>&1; then
        passed=$((passed + 1))
        echo "lesson $lesson task $task: without $test ($file): passes"
      else
        echo "lesson $lesson task $task: without $test ($file): fails"
      fi
      cp "$scratch/kept.swift" "$path"
    done
  done
done
echo "lesson $lesson: $passed of $total deletions still pass"
