#!/usr/bin/env bash
# Runs a write-tests task's reference tests against every built variant of its lesson
# many times, to show each chaff is caught in every run and each wheat passes every run.
#
# Variants carry no names (by design), so the script reports, per variant folder, how
# many of the runs had a failing test: a chaff must show RUNS of RUNS, the wheat and the
# timing wheats 0 of RUNS; anything in between is a flaky catch or a flaky reference test.
# It uses the variants and the module cache that `swift run grade check N` built; remove the
# lesson's old variants first (grade check N builds the current ones again) so only they are run.
#
# Usage: bench/chaff-soak.sh LESSON_NUMBER [RUNS]   (default 500; BUSY=1 keeps both cores busy)
set -euo pipefail
cd "$(dirname "$0")/.."
number="$1"; runs="${2:-500}"
read -r folder module < <(python3 -c "
import json; l = json.load(open('Lessons/catalog.json'))['lessons'][$number - 1]
print('%02d-%s' % ($number, l['slug']), l['module'])")
work="$(mktemp -d)"; trap 'rm -rf "$work"; [ -n "${hog1:-}" ] && kill $hog1 $hog2 2>/dev/null || true' EXIT
if [ "${BUSY:-0}" = 1 ]; then yes >/dev/null & hog1=$!; yes >/dev/null & hog2=$!; fi
libs=$(for d in .build/grade/variants/*/; do if [ -f "$d/lib$module.so" ]; then echo "$d"; fi; done)
wheat=$(for d in $libs; do if [ -f "$d/$module.swiftmodule" ]; then echo "$d"; fi; done | head -1 || true)
# The reference tests, with the lesson's canonical helpers, against any variant's interface.
mkdir -p "$work/src"
cp Solutions/$folder/Tests/*.swift "$work/src/"
printf 'import Testing\n@main struct M { static func main() async { await Testing.__swiftPMEntryPoint() as Never } }\n' > "$work/src/__Main.swift"
(cd "$work/src" && swiftc -emit-executable -module-name "${module}LearnerTests" -swift-version 6 -Onone -wmo -parse-as-library \
  -module-cache-path "$OLDPWD/.build/grade/module-cache" -I "$OLDPWD/$wheat" -L "$OLDPWD/$wheat" -l"$module" \
  -Xlinker -rpath -Xlinker '$ORIGIN' -o "$work/tests" *.swift) >/dev/null
for d in $libs; do
  run="$work/run"; rm -rf "$run"; mkdir -p "$run"; cp "$work/tests" "$d/lib$module.so" "$run/"
  # An iteration failed when a test recorded an issue (not a known one) between its start and end.
  failed=$(cd "$run" && { SWIFT_BACKTRACE=enable=no NO_COLOR=1 timeout 600 ./tests --testing-library swift-testing --repetitions "$runs" 2>&1 || true; } \
    | awk '/Iteration [0-9]+ started/ { bad = 0 } / recorded an issue/ { bad = 1 } /Iteration [0-9]+ ended/ { n += bad } END { print n + 0 }')
  printf '%s  failing runs: %s of %s\n' "$(basename "$d")" "$failed" "$runs"
done
