#!/usr/bin/env bash
# Regenerates the event-stream fixtures: one small, real Swift Testing run per
# outcome, with backtraces and timestamps removed so the files stay small and stable.
# Run it from anywhere; it needs only the Swift toolchain and python3.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Subject" "$work/Tests/FixtureTests"
cat > "$work/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(name: "Fixture", targets: [
  .target(name: "Subject", path: "Sources/Subject"),
  .testTarget(name: "FixtureTests", dependencies: ["Subject"], path: "Tests/FixtureTests"),
])
SWIFT
cat > "$work/Sources/Subject/Subject.swift" <<'SWIFT'
public func score(_ text: String) -> Int? { Int(text) }
SWIFT
cat > "$work/Tests/FixtureTests/Outcomes.swift" <<'SWIFT'
import Testing
@testable import Subject

struct Failure: Error {}

@Suite struct Outcomes {
  @Test("passes") func passes() { #expect(score("7") == 7) }
  @Test func failedExpectation() { let value = 101; #expect(value <= 100, "scores stop at 100") }
  @Test func thrownError() throws { throw Failure() }
  @Test(.disabled("not yet")) func skipped() {}
  @Test func knownIssue() { withKnownIssue { #expect(score("x") == 1) } }
  @Test(arguments: [1, 2, 3]) func parameterized(value: Int) { #expect(value < 3) }
  @Test func crash() { let empty: [Int] = []; _ = empty[1] }
  @Test func hang() async { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }
}
SWIFT
# A compile error for the build-output fixture.
cat > "$work/Broken.swift.txt" <<'SWIFT'
public func broken() -> Int { return missingName }
SWIFT
cd "$work"
swift build --build-tests >/dev/null
binary=".build/debug/FixturePackageTests.xctest"
clean() { python3 - "$1" "$2" <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    record = json.loads(line)
    payload = record.get("payload", {})
    payload.pop("instant", None)
    payload.get("issue", {}).pop("_backtrace", None)
    out.append(json.dumps(record, sort_keys=True))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
}
run() { # name filter
  SWIFT_BACKTRACE=enable=no timeout 5 "$binary" --testing-library swift-testing --no-parallel --filter "$2" \
    --event-stream-output-path "$work/$1.jsonl" --event-stream-version 0 >/dev/null 2>&1 || true
  clean "$work/$1.jsonl" "$here/$1.jsonl"
}
run pass 'Outcomes/passes'
run failed-expectation 'Outcomes/failedExpectation'
run thrown-error 'Outcomes/thrownError'
run skipped 'Outcomes/skipped'
run known-issue 'Outcomes/knownIssue'
run parameterized 'Outcomes/parameterized'
run crash 'Outcomes/crash'
run hang 'Outcomes/hang'
mv Broken.swift.txt Sources/Subject/Broken.swift
# The grader compiles with swiftc from the sources' folder, by bare file name.
(cd Sources/Subject && swiftc -typecheck -diagnostic-style=llvm Broken.swift 2>&1) > "$here/compile-error.txt" || true
echo "fixtures written to $here"
