import Foundation
@testable import GradeBuild
@testable import GradeKit
@testable import GradeProcesses
import Testing

/// The smaller ways grading could be wrong without any malice.
@Suite("Grading integrity")
struct GradingIntegrityTests {
  @Test("A CSV cell a spreadsheet would run as a formula is defused, wherever the formula starts", arguments: [
    ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""),
    ("+1", "'+1"), ("@SUM(A1)", "'@SUM(A1)"), ("plain", "plain"), ("a,b", "\"a,b\""),
    // After a separator a spreadsheet in another locale splits on, or after spaces.
    ("Sec; =cmd|' /C calc'!A0", "\"Sec; '=cmd|' /C calc'!A0\""), ("a, +1", "\"a, '+1\""), ("  -1+1", "  '-1+1"),
    // Full-width signs, which spreadsheets in East Asian locales read as formulas.
    ("＝1+1", "'＝1+1"), ("＋1", "'＋1"), ("－A1", "'－A1"), ("＠SUM(A1)", "'＠SUM(A1)"),
    // A tab, line break or invisible character is flattened to a space, and what follows it is a start.
    ("\t=1", " '=1"), ("a\n=1", "a '=1"), ("a;\n=1", "\"a; '=1\""), ("a\r\n-1", "a  '-1"),
    ("x|=1", "x|'=1"), ("\u{200B}=1", " '=1"), ("a\u{00A0}+1", "a '+1"), ("\u{FEFF}@x", " '@x"), ("a\u{2028}＝1", "a '＝1"),
    // What may start a piece is listed; anything else, a sign in any script or a symbol, gets a '.
    ("€5", "'€5"), ("1 -1", "1 '-1"), ("a == b", "a '='= b"), ("Zoë Ångström", "Zoë Ångström"), ("O'Brien (2)", "O'Brien (2)"),
    // Numbers and Moodle's "-" for no grade are data.
    ("-2", "-2"), ("3.33", "3.33"), ("-", "-"), ("a-b", "a-b"), ("ann@uni.edu", "ann@uni.edu"),
  ])
  func csvInjection(_ text: String, expected: String) {
    let field = Gradebook.field(text)
    #expect(field == expected)
    #expect(CSVCell.isInert(CSVCell.defused(text)))
  }

  @Test("A cell in a message is spelled out: invisible characters and escapes shown, never sent to the terminal")
  func cellsInMessages() {
    #expect(CSVCell.shown("A\t=1\u{1B}[2J\u{200B}") == "\"A\\u{9}=1\\u{1B}[2J\\u{200B}\"")
    #expect(CSVCell.shown("Zoë (2)") == "\"Zoë (2)\"")
  }

  @Test("Whatever a cell holds, defusing it leaves no piece that may not start a cell, and an inert cell is left as it is")
  func csvCellsByConstruction() {
    // Letters, signs, separators, whitespace and invisible characters of every kind, mixed at random.
    let alphabet: [Character] = [
      "a", "Z", "ö", "7", ".", "'", "\"", " ", ",", ";", "|", ":", "=", "+", "-", "@", "＝", "＋", "－", "＠", "\t", "\n", "\r",
      "\u{00A0}", "\u{2003}", "\u{200B}", "\u{200D}", "\u{2028}", "\u{FEFF}", "\u{0007}", "\u{E000}", "€", "%", "(", "!", "𝟙",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<5_000 {
      let text = String((0..<next(12)).map { _ in alphabet[next(alphabet.count)] })
      let defused = CSVCell.defused(text)
      #expect(CSVCell.isInert(defused), "\(String(reflecting: text)) became \(String(reflecting: defused))")
      if CSVCell.isInert(text) && !text.unicodeScalars.contains(where: { $0.properties.isWhitespace && $0 != " " || $0.properties.generalCategory == .format || $0.properties.generalCategory == .control || $0.properties.generalCategory == .privateUse }) {
        #expect(defused == text, "\(String(reflecting: text)) is inert, yet was changed")
      }
    }
  }

  @Test("A file with a name that is not UTF-8 in a workspace does not stop the next sync")
  func nonUTF8Name() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "grade-sync-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileSync.sync(["module/A.swift": Data("a".utf8)], into: root)
    // A test run without namespaces could leave such a name behind.
    let bad = root.appending(path: "module").path + "/bad-\u{FFFD}"
    var name = Array(root.appending(path: "module").path.utf8) + Array("/bad-".utf8) + [0xff, 0xfe, 0]
    let descriptor = name.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
    #expect(descriptor >= 0)
    close(descriptor)
    try FileSync.sync(["module/A.swift": Data("b".utf8)], into: root)
    #expect(try String(contentsOf: root.appending(path: "module/A.swift"), encoding: .utf8) == "b")
    #expect(!FileManager.default.fileExists(atPath: bad))
  }

  @Test("A run's pipes are not inherited by another job's child, so jobs never wait on each other")
  func pipesCloseOnExec() throws {
    let spawner = Spawner()
    let quick = Locked([Double]())
    // Each slow job starts a child that lives 4 s; quick jobs started beside them must not wait for it.
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      if index % 2 == 0 {
        _ = try? spawner.run(["/bin/sh", "-c", "sleep 4 </dev/null >/dev/null 2>&1 & exit 0"], until: .now + .seconds(30))
      } else {
        let start = ContinuousClock.now
        _ = try? spawner.run(["/bin/sh", "-c", "sleep 0.2; echo done"], until: .now + .seconds(30), capturingEvents: true)
        let elapsed = ContinuousClock.now - start
        quick.update { $0.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) }
      }
    }
    #expect(quick.value.count == 4)
    // 0.2 s of work; a pipe held open by another job's child used to add a second of draining.
    #expect(quick.value.allSatisfy { $0 < 0.9 }, "quick jobs waited: \(quick.value)")
  }
}

/// The result cache, with real gradings of the hostile lab.
@Suite("Result cache", .tags(.slow))
struct ResultCacheTests {
  let lab = HostileLab.shared

  @Test("A changed catalog entry is graded again, never answered from the cache")
  func catalogInKey() throws {
    let folder = try lab.learner("cache")
    var grader = lab.grader
    grader.useCache = true
    let first = grader.grade(lab.lesson, learnerFolder: folder, workspaceName: "cache")
    let again = grader.grade(lab.lesson, learnerFolder: folder, workspaceName: "cache")
    #expect(!first.fromCache)
    #expect(again.fromCache)
    var changed = lab.lesson
    changed.tasks[1].hints.append("a third hint")
    let afterEdit = grader.grade(changed, learnerFolder: folder, workspaceName: "cache")
    #expect(!afterEdit.fromCache)
    var limited = grader
    limited.limits.seconds = 11
    #expect(!limited.grade(changed, learnerFolder: folder, workspaceName: "cache").fromCache)
  }

  @Test("A grading a time limit cut short is never answered from the cache, yet it is what hint and watch read as the last result")
  func cutShortIsSeenNotReused() throws {
    let folder = try lab.learner("cache-hang") { folder in
      try HostileLab.write(HostileLab.userStoreTest("    DispatchSemaphore(value: 0).wait()"), to: "Tests/UserStoreTests.swift", in: folder)
    }
    var grader = lab.grader
    grader.useCache = true
    // Two gradings of a hang, each cut short at the lab's limit for hangs, not its 10 s.
    grader.limits.seconds = HostileLab.hangSeconds
    let first = grader.grade(lab.lesson, learnerFolder: folder, workspaceName: "cache-hang")
    #expect(first.task(2).status != .pass)
    let latest = try #require(ResultCache.latest(in: grader.state.result("cache-hang", of: lab.lesson)))
    #expect(latest.task(2).status == first.task(2).status, "the last result is the one the learner saw")
    #expect(!grader.grade(lab.lesson, learnerFolder: folder, workspaceName: "cache-hang").fromCache)
  }
}
