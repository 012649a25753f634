#!/usr/bin/env bash
# Times the grader's hot paths (bench/hotpaths.swift: a run's records checked, the stream
# decoded, files fingerprinted) as `swift run grade` builds them, in one package folder or,
# paired, in two: BEFORE and AFTER each build their grader (`swift build --product grade`),
# then the two programs run in turn, ROUNDS times each, and the script prints each path's
# best time in both and the ratio AFTER/BEFORE.
#
# Usage: bench/hotpaths.sh [BEFORE] [AFTER]   (AFTER defaults to this workbook; one folder alone: its times)
#        ROUNDS=9 bench/hotpaths.sh /tmp/old-clone   (KEEP=1 keeps the compiled programs, to profile)
set -euo pipefail
cd "$(dirname "$0")/.."
here="$PWD"
rounds="${ROUNDS:-5}"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

# Builds FOLDER's grader and compiles the bench against its modules into $work/NAME.
build() {
  local folder="$1" name="$2" package objects
  (cd "$folder" && swift build --product grade >/dev/null)
  package="$(grep -o '"-package-name","[A-Za-z0-9_]*"' "$folder/.build/debug.yaml" | head -1 | cut -d'"' -f4)"
  objects=()
  for target in GradeCatalog GradeWire GradeProcesses GradeEvents; do
    for object in "$folder/.build/debug/$target.build/"*.o; do
      case "$object" in *.swiftmodule.o) ;; *) objects+=("$object") ;; esac
    done
  done
  swiftc -Onone -package-name "$package" -I "$folder/.build/debug/Modules" \
    "$here/bench/hotpaths.swift" "${objects[@]}" -o "$work/$name" 2>"$work/$name.log" \
    || { cat "$work/$name.log" >&2; exit 1; }
}

if [ $# -eq 0 ]; then set -- "$here"; fi
if [ $# -eq 1 ]; then
  build "$1" only
  "$work/only" "$rounds"
  exit 0
fi
build "$1" before
build "$2" after
for _ in 1 2 3; do
  "$work/before" "$rounds" >>"$work/before.txt"
  "$work/after" "$rounds" >>"$work/after.txt"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for path in seal-check decode fingerprint; do
  b="$(awk -v p="$path" '$1 == p { print $2 }' "$work/before.txt" | sort -g | head -1)"
  a="$(awk -v p="$path" '$1 == p { print $2 }' "$work/after.txt" | sort -g | head -1)"
  awk -v p="$path" -v b="$b" -v a="$a" 'BEGIN { printf "%-12s before %8.3f ms   after %8.3f ms   after/before %.2f\n", p, b, a, a / b }'
done
