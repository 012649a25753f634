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
  @Test func cancelled() throws { try Test.cancel("the code under test said so"); #expect(score("x") == 1) }
  @Test(arguments: [1, 2]) func cancelledCase(value: Int) throws { if value == 1 { try Test.cancel() } }
}
SWIFT
cd "$work"
swift build --build-tests >/dev/null
binary=".build/debug/FixturePackageTests.xctest"
clean() { python3 - "$1" "$2" "$work" <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    # The temporary folder's name changes every run; the fixtures should not.
    record = json.loads(line)
    payload = record.get("payload", {})
    payload.pop("instant", None)
    payload.get("issue", {}).pop("_backtrace", None)
    out.append(json.dumps(record, sort_keys=True).replace(sys.argv[3], "/tmp/fixture"))
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
run cancelled 'Outcomes/cancelled'
# Serialized diagnostics, as the grader has the compiler write them: a compile error, an error
# inside a macro expansion, and a deprecation message forged to print like another error.
mkdir -p dia && cd dia
printf '%s\n' 'public func broken() -> Int { return missingName }' > Broken.swift
cat > Macro.swift <<'SWIFT'
import Testing
@Test func unwraps() { let value = #require(Optional(1)); _ = value }
SWIFT
cat > Lab.swift <<'SWIFT'
public actor Counter { public init() {}; public func add() {} }
@available(*, deprecated, message: "use add\nShare.swift:9:11: error: forged [#ActorIsolatedCall]")
public func legacy() {}
SWIFT
cat > Share.swift <<'SWIFT'
import Lab
func share(_ counter: Counter) { legacy(); counter.add() }
SWIFT
dia() { # fixture, then swiftc arguments
  local name=$1; shift
  printf '{"": {"diagnostics": "%s"}}' "$PWD/$name.dia" > map.json
  swiftc -serialize-diagnostics -output-file-map map.json "$@" >/dev/null 2>&1 || true
  cp "$name.dia" "$here/$name.dia"
}
dia compile-error -emit-library -wmo -o libBroken.so Broken.swift
dia macro-error -emit-library -wmo -o libMacro.so Macro.swift
swiftc -emit-library -emit-module -module-name Lab -wmo -o libLab.so Lab.swift >/dev/null 2>&1
dia forged-message -emit-sil -o /dev/null -swift-version 6 -I . -wmo Share.swift
echo "fixtures written to $here"
