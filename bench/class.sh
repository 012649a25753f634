#!/usr/bin/env bash
# Grades a made-up class of 30 and prints the time per student, one at a time
# and with the default parallelism, against one incremental build of the same
# lesson files (every file a student owns changed, then swift build --build-tests),
# as ratios in one run. It grades the class twice: as made, where students
# who hand in the same files share builds, and with every student's files
# made distinct (a comment of their own in each), where they cannot.
#
# The class, for lesson 1: starters, solutions, partial work (task 1 solved),
# broken work (a compile error), one student whose test hangs and one whose
# test crashes. Each grading starts from an empty workspace folder, so it pays
# for building every variant once, as a real class run does. The hung test
# is stopped by --timeout 10 instead of the default 60 s.
#
# Usage: bench/class.sh [STUDENTS]   (default 30; KEEP_REPORT=DIR keeps the class report there)
set -euo pipefail
cd "$(dirname "$0")/.."
students="${1:-30}"
work="$(mktemp -d)"
restore() {
  if [ -d "$work.backup" ]; then
    cp "$work.backup/ScoreValidator.swift" Lessons/01-expect-and-require/Sources/ 2>/dev/null || true
    cp "$work.backup/UserStoreTests.swift" "$work.backup/CounterTests.swift" Lessons/01-expect-and-require/Tests/ 2>/dev/null || true
  fi
  rm -rf "$work" "$work.backup"
}
trap restore EXIT
lesson="01-expect-and-require"
now() { date +%s.%N; }
elapsed() { awk -v s="$1" -v e="$(now)" 'BEGIN { printf "%.2f", e - s }'; }

echo "Making $students students in $work/class..."
for i in $(seq 1 "$students"); do
  folder="$work/class/student-$(printf %02d "$i")/Lessons"
  mkdir -p "$folder"
  cp -r "Lessons/$lesson" "$folder/"
  case $((i % 6)) in
    0) cp Solutions/$lesson/Sources/ScoreValidator.swift "$folder/$lesson/Sources/"; cp Solutions/$lesson/Tests/*.swift "$folder/$lesson/Tests/" ;;
    1) cp Solutions/$lesson/Sources/ScoreValidator.swift "$folder/$lesson/Sources/" ;;
    2) printf '\nlet broken: Int = "text"\n' >> "$folder/$lesson/Tests/UserStoreTests.swift" ;;
    3) cp Solutions/$lesson/Tests/CounterTests.swift "$folder/$lesson/Tests/" ;;
    *) ;;
  esac
done
cat > "$work/class/student-01/Lessons/$lesson/Tests/UserStoreTests.swift" <<'SWIFT'
import Testing
@testable import ExpectRequire
@Test func hangs() { while true {} }
SWIFT
cat > "$work/class/student-02/Lessons/$lesson/Tests/UserStoreTests.swift" <<'SWIFT'
import Testing
@testable import ExpectRequire
@Test func crashes() { let missing: Int? = nil; _ = missing! }
SWIFT

swift build --product grade >/dev/null 2>&1
start=$(now)
.build/debug/grade class "$work/class" 1 --jobs 1 --timeout 10 --report "$work/report-1" --work "$work/work-1" >/dev/null 2>&1 || true
one=$(elapsed "$start")
start=$(now)
.build/debug/grade class "$work/class" 1 --timeout 10 --report "$work/report-n" --work "$work/work-n" >/dev/null 2>&1 || true
many=$(elapsed "$start")
start=$(now)
.build/debug/grade class "$work/class" 1 --timeout 10 --report "$work/report-n" --work "$work/work-n" >/dev/null 2>&1 || true
resumed=$(elapsed "$start")
for file in "$work"/class/*/Lessons/$lesson/Sources/ScoreValidator.swift "$work"/class/*/Lessons/$lesson/Tests/*.swift; do
  printf '\n// %s\n' "$file" >> "$file"
done
start=$(now)
.build/debug/grade class "$work/class" 1 --timeout 10 --report "$work/report-d" --work "$work/work-d" >/dev/null 2>&1 || true
distinct=$(elapsed "$start")

# One incremental build of the same lesson files: every file a student owns changed, then
# swift build --build-tests of the workbook.
mkdir -p "$work.backup"
cp Lessons/$lesson/Sources/ScoreValidator.swift Lessons/$lesson/Tests/UserStoreTests.swift Lessons/$lesson/Tests/CounterTests.swift "$work.backup/"
swift build --build-tests >/dev/null 2>&1 || true
builds=()
for round in 1 2 3 4; do
  cp Solutions/$lesson/Sources/ScoreValidator.swift Lessons/$lesson/Sources/
  cp Solutions/$lesson/Tests/UserStoreTests.swift Solutions/$lesson/Tests/CounterTests.swift Lessons/$lesson/Tests/
  for file in Lessons/$lesson/Sources/ScoreValidator.swift Lessons/$lesson/Tests/UserStoreTests.swift Lessons/$lesson/Tests/CounterTests.swift; do
    printf '// bench %s\n' "$round$RANDOM" >> "$file"
  done
  start=$(now); swift build --build-tests >/dev/null 2>&1 || true
  [ "$round" -gt 1 ] && builds+=("$(elapsed "$start")")
done
cp "$work.backup/ScoreValidator.swift" Lessons/$lesson/Sources/
cp "$work.backup/UserStoreTests.swift" "$work.backup/CounterTests.swift" Lessons/$lesson/Tests/
build=$(printf '%s\n' "${builds[@]}" | sort -g | sed -n 2p)

if [ -n "${KEEP_REPORT:-}" ]; then rm -rf "$KEEP_REPORT"; cp -r "$work/report-n" "$KEEP_REPORT"; fi
awk -v n="$students" -v one="$one" -v many="$many" -v resumed="$resumed" -v distinct="$distinct" -v build="$build" 'BEGIN {
  printf "students: %d (lesson 1; one hung, one crashing); one incremental build of their files: %.2f s\n", n, build
  printf "--jobs 1:                     %6.1f s in all, %5.2f s per student, %.2f x the build\n", one, one / n, one / n / build
  printf "default parallelism:          %6.1f s in all, %5.2f s per student, %.2f x the build\n", many, many / n, many / n / build
  printf "re-run, nothing new:          %6.1f s in all\n", resumed
  printf "every student distinct:       %6.1f s in all, %5.2f s per student, %.2f x the build\n", distinct, distinct / n, distinct / n / build
  printf "target: at most 1.50 x per student\n"
  per = distinct / n
  printf "a class of 300, every student distinct, this lesson, on machines like this one:\n"
  printf "  one machine: %.0f min; 4 shards (--shard i/4): %.0f min; 10 shards: %.0f min\n", 300 * per / 60, 300 * per / 60 / 4, 300 * per / 60 / 10
}'
