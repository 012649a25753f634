import Foundation
@testable import GradeCatalog
@testable import GradeKit
import GradeTestSupport
import Testing

@Suite("Validating the catalog against the files")
struct CatalogValidatorTests {
  /// A tree in which the sample lesson keeps every promise.
  var goodTree: [String: String] {
    [
      "Lessons/01-expect-and-require/README.md": "# Expecting and requiring",
      "Lessons/01-expect-and-require/Sources/ScoreValidator.swift": "// TODO: throw\n",
      "Lessons/01-expect-and-require/Sources/UserStore.swift": "store",
      "Lessons/01-expect-and-require/Tests/UserStoreTests.swift": "// TODO: test\n",
      "Solutions/01-expect-and-require/Sources/ScoreValidator.swift": "solved",
      "Solutions/01-expect-and-require/Sources/UserStore.swift": "store",
      "Solutions/01-expect-and-require/Tests/UserStoreTests.swift": "reference tests",
      "Solutions/01-expect-and-require/Chaffs/nil-for-known/UserStore.swift": "bug 1",
      "Solutions/01-expect-and-require/Chaffs/swapped-fields/UserStore.swift": "bug 2",
      "Solutions/01-expect-and-require/Chaffs/off-by-one/UserStore.swift": "bug 3",
    ]
  }

  func breaches(_ files: [String: String], catalog: Catalog = SampleLesson.catalog) -> [String] {
    CatalogValidator.validate(catalog, tree: FileTree(files: files.mapValues { Data($0.utf8) })).map(\.description)
  }

  @Test("A lesson that keeps the format has no breaches")
  func good() {
    #expect(breaches(goodTree) == [])
  }

  @Test("A last hint that holds a whole line of the solution is a breach; braces, imports and short lines are not")
  func lastHintGivesCodeAway() {
    var tree = goodTree
    let json = SampleLesson.json.replacingOccurrences(of: "Throw ScoreError.outOfRange(score).", with: "End with throw ScoreError.outOfRange(score) and you are done.")
    let catalog = try! JSONDecoder().decode(Catalog.self, from: Data(json.utf8))
    tree["Solutions/01-expect-and-require/Sources/ScoreValidator.swift"] = """
      import Foundation
      func validate(_ score: Int) throws {
        guard (0...100).contains(score) else {
          throw   ScoreError.outOfRange(score)
        }
        if score == 0 { throw ScoreError.outOfRange(score) }
      }
      """
    #expect(breaches(tree, catalog: catalog) == [
      "lesson 1: task 1: the last hint holds line 4 of Solutions/01-expect-and-require/Sources/ScoreValidator.swift whole (\"throw ScoreError.outOfRange(score)\"); show the shape of the code, not a line to paste"
    ])
    // A line the hint holds only in part gives nothing away.
    tree["Solutions/01-expect-and-require/Sources/ScoreValidator.swift"] = "throw ScoreError.outOfRange(score, limit: 100)\n}\nimport Foundation"
    #expect(breaches(tree, catalog: catalog) == [])
    #expect(HintLadderRule.isTrivial("})"))
    #expect(HintLadderRule.isTrivial("import Foundation"))
    #expect(HintLadderRule.isTrivial("return nil"))
    #expect(!HintLadderRule.isTrivial("return store.count"))
  }

  @Test("Each broken promise is named", arguments: [
    ("Lessons/01-expect-and-require/Sources/ScoreValidator.swift", "no todo", "has no // TODO:"),
    ("Solutions/01-expect-and-require/Sources/UserStore.swift", "changed", "must be identical"),
    ("Solutions/01-expect-and-require/Chaffs/off-by-one/UserStore.swift", "store", "it holds no bug"),
    ("Solutions/01-expect-and-require/Chaffs/stray/UserStore.swift", "bug", "is not named by any task"),
    ("Solutions/01-expect-and-require/Chaffs/off-by-one/Other.swift", "bug", "replaces no file"),
    ("Lessons/01-expect-and-require/Sources/Extra.swift", "x", "the solution mirrors the starter"),
  ])
  func breach(path: String, contents: String, fragment: String) {
    var files = goodTree
    files[path] = contents
    let found = breaches(files)
    #expect(found.contains { $0.contains(fragment) }, "breaches: \(found)")
  }

  @Test("A chaff may replace a file an implement task owns, when the solution keeps every promise the starter makes")
  func chaffOfOwnedFile() {
    var files = goodTree
    files["Solutions/01-expect-and-require/Chaffs/off-by-one/ScoreValidator.swift"] = "bug"
    files["Lessons/01-expect-and-require/Sources/ScoreValidator.swift"] = "/// Throws for a score over 100.\n// TODO: throw\n"
    files["Solutions/01-expect-and-require/Sources/ScoreValidator.swift"] = "/// Throws for a score over 100.\n  /// A helper.\nsolved"
    #expect(breaches(files) == [])

    files["Solutions/01-expect-and-require/Sources/ScoreValidator.swift"] = "/// Throws for a score over 99.\nsolved"
    let found = breaches(files)
    #expect(found.contains { $0.contains("the starter promises \"Throws for a score over 100.\" where the solution does not") }, "breaches: \(found)")
  }

  @Test("A write-tests task with neither an alternative wheat nor a reason in wheatsWaived is a breach", arguments: ["", "  "])
  func blankWaiver(reason: String) throws {
    let waiver = #""wheatsWaived": "the sample store's contract leaves no freedom""#
    let json = SampleLesson.json.replacingOccurrences(of: waiver, with: #""wheatsWaived": "\#(reason)""#)
    try #require(json != SampleLesson.json, "the sample lesson no longer holds the waiver this test blanks")
    let catalog = try JSONDecoder().decode(Catalog.self, from: Data(json.utf8))
    let found = breaches(goodTree, catalog: catalog)
    #expect(found.contains { $0.hasPrefix("lesson 1: task 2: has no alternative wheat") }, "breaches: \(found)")
  }

  @Test("A timing wheat is an alternative correct implementation: a task with one needs no other wheat and no waiver")
  func timingWheatCounts() throws {
    let waiver = #""wheatsWaived": "the sample store's contract leaves no freedom""#
    let json = SampleLesson.json.replacingOccurrences(
      of: waiver, with: #""flakiness": {"runs": 5, "timingWheats": [{"name": "late", "description": "finds users a moment later"}]}"#)
    try #require(json != SampleLesson.json, "the sample lesson no longer holds the waiver this test replaces")
    let catalog = try JSONDecoder().decode(Catalog.self, from: Data(json.utf8))
    var files = goodTree
    files["Solutions/01-expect-and-require/TimingWheats/late/UserStore.swift"] = "later"
    let found = breaches(files, catalog: catalog)
    #expect(!found.contains { $0.contains("has no alternative wheat") }, "breaches: \(found)")
  }

  @Test("A fixture without a technique is a changed copy of the task's test file, in its own folder, naming a check the task has")
  func withoutFixtures() throws {
    let waiver = #""wheatsWaived": "the sample store's contract leaves no freedom""#
    let fixtures = #"""
      "without": [
        {"name": "no-id-check", "technique": "ids of their own", "fails": "off-by-one"},
        {"name": "no-id-check", "technique": "ids again", "fails": "off-by-one"},
        {"name": "unnamed", "technique": "named cases", "fails": "namedCases"},
        {"name": "unknown", "technique": "a bug nobody wrote", "fails": "no-such-chaff"}
      ],
      """#
    let json = SampleLesson.json.replacingOccurrences(of: waiver, with: fixtures + waiver)
    try #require(json != SampleLesson.json, "the sample lesson no longer holds the waiver this test extends")
    let catalog = try JSONDecoder().decode(Catalog.self, from: Data(json.utf8))
    var files = goodTree
    files["Solutions/01-expect-and-require/Without/no-id-check/Tests/UserStoreTests.swift"] = "reference tests"
    files["Solutions/01-expect-and-require/Without/stray/Tests/UserStoreTests.swift"] = "other tests"
    let found = breaches(files, catalog: catalog)
    #expect(found.contains("lesson 1: task 2: names the fixture without no-id-check twice"))
    #expect(found.contains("lesson 1: task 2: Solutions/01-expect-and-require/Without/no-id-check/Tests/UserStoreTests.swift is identical to the solution's: it takes no technique out"))
    #expect(found.contains("lesson 1: task 2: the fixture without unnamed fails \"namedCases\" (the task does not set namedCases), which is none of the task's chaffs, wheats, timing wheats or shape checks"))
    #expect(found.contains("lesson 1: task 2: the fixture without unknown fails \"no-such-chaff\", which is none of the task's chaffs, wheats, timing wheats or shape checks"))
    #expect(found.contains("lesson 1: task 2: the fixture without unknown has no files in Solutions/01-expect-and-require/Without/unknown/Tests"))
    #expect(found.contains("lesson 1: Solutions/01-expect-and-require/Without/stray is not named by any task"))
    // The same fixture, changed and named once, keeps every promise.
    let one = SampleLesson.json.replacingOccurrences(
      of: waiver, with: #""without": [{"name": "no-id-check", "technique": "ids of their own", "fails": "off-by-one"}], "# + waiver)
    files["Solutions/01-expect-and-require/Without/no-id-check/Tests/UserStoreTests.swift"] = "reference tests, one check less"
    files["Solutions/01-expect-and-require/Without/stray/Tests/UserStoreTests.swift"] = nil
    #expect(breaches(files, catalog: try JSONDecoder().decode(Catalog.self, from: Data(one.utf8))) == [])
  }

  @Test("An implement task's fixture is its solution's source without the technique, failing one of its canonical suites")
  func implementFixtures() throws {
    let tests = #""tests": ["ScoreValidatorTests"], "hints": ["Read the tests first.""#
    let named = { (fails: String) in
      SampleLesson.json.replacingOccurrences(
        of: tests, with: #""tests": ["ScoreValidatorTests"], "without": [{"name": "no-throw", "technique": "a thrown error", "fails": "\#(fails)"}], "hints": ["Read the tests first.""#)
    }
    try #require(named("ScoreValidatorTests") != SampleLesson.json, "the sample lesson no longer holds the tests this test extends")
    var files = goodTree
    files["Solutions/01-expect-and-require/Without/no-throw/Sources/ScoreValidator.swift"] = "returns quietly"
    #expect(breaches(files, catalog: try JSONDecoder().decode(Catalog.self, from: Data(named("ScoreValidatorTests").utf8))) == [])
    #expect(breaches(files, catalog: try JSONDecoder().decode(Catalog.self, from: Data(named("OtherTests").utf8))) == [
      "lesson 1: task 1: the fixture without no-throw fails \"OtherTests\", which is none of the task's canonical tests"
    ])
  }

  @Test("A fixture may be edits of the solution's file; edits that miss it, change nothing or sit beside a whole copy are breaches")
  func editedFixtures() throws {
    let tests = #""tests": ["ScoreValidatorTests"], "hints": ["Read the tests first.""#
    let json = SampleLesson.json.replacingOccurrences(
      of: tests, with: #""tests": ["ScoreValidatorTests"], "without": [{"name": "no-throw", "technique": "a thrown error", "fails": "ScoreValidatorTests"}], "hints": ["Read the tests first.""#)
    try #require(json != SampleLesson.json, "the sample lesson no longer holds the tests this test extends")
    let catalog = try JSONDecoder().decode(Catalog.self, from: Data(json.utf8))
    let edits = "Solutions/01-expect-and-require/Without/no-throw/Sources/ScoreValidator.swift.edits"
    var files = goodTree
    files[edits] = "The error is never thrown.\n<<< replace\nsolved\n=== with\nreturns quietly\n>>>\n"
    #expect(breaches(files, catalog: catalog) == [])
    files[edits] = "<<< replace\nthrow\n=== with\nreturn\n>>>\n"
    #expect(breaches(files, catalog: catalog) == [
      "lesson 1: task 1: Solutions/01-expect-and-require/Without/no-throw/Sources/ScoreValidator.swift.edits: the edits find the text of block 1 nowhere in the file; it must occur exactly once: throw"
    ])
    files[edits] = "<<< replace\nsolved\n=== with\nsolved\n>>>\n"
    #expect(breaches(files, catalog: catalog) == [
      "lesson 1: task 1: Solutions/01-expect-and-require/Without/no-throw/Sources/ScoreValidator.swift.edits leaves the solution's file as it is: it takes no technique out"
    ])
    files[edits] = "<<< replace\nsolved\n=== with\nreturns quietly\n>>>\n"
    files["Solutions/01-expect-and-require/Without/no-throw/Sources/ScoreValidator.swift"] = "returns quietly"
    #expect(breaches(files, catalog: catalog) == [
      "lesson 1: task 1: Solutions/01-expect-and-require/Without/no-throw holds both Sources/ScoreValidator.swift and its edits: keep one"
    ])
  }

  @Test("Missing files are named", arguments: [
    "Lessons/01-expect-and-require/README.md",
    "Solutions/01-expect-and-require/Tests/UserStoreTests.swift",
    "Solutions/01-expect-and-require/Chaffs/swapped-fields/UserStore.swift",
  ])
  func missing(path: String) {
    var files = goodTree
    files[path] = nil
    #expect(!breaches(files).isEmpty)
  }

  @Test("A task with one hint, an unknown kind, or no tests is a breach")
  func badTasks() throws {
    let json = """
      {"version": 1, "lessons": [{"slug": "s", "title": "T", "module": "M", "tasks": [
        {"title": "a", "kind": "implement", "files": ["Sources/A.swift"], "tests": [], "hints": ["only one"]},
        {"title": "b", "kind": "sanitize", "files": ["Sources/A.swift"], "hints": ["x", "y"]}
      ]}]}
      """
    let catalog = try JSONDecoder().decode(Catalog.self, from: Data(json.utf8))
    let found = breaches([:], catalog: catalog)
    #expect(found.contains { $0.contains("task 1: needs at least two hints") })
    #expect(found.contains { $0.contains("task 1: names no tests") })
    #expect(found.contains { $0.contains("task 2: unknown kind \"sanitize\"") })
    #expect(found.contains { $0.contains("two tasks own Sources/A.swift") })
  }

  @Test("Every canonical test belongs to exactly one task")
  func testOwnership() {
    let ids = [
      "ExpectRequireTests.ScoreValidatorTests/a()/A.swift:1:1",
      "ExpectRequireTests.Strays/b()/B.swift:1:1",
    ]
    let found = CatalogValidator.validateTestOwnership(SampleLesson.lesson, canonicalTestIDs: ids).map(\.message)
    #expect(found == ["canonical test Strays/b() belongs to no task; add its suite to a task's tests"])
  }

  @Test("A catalog of another version is refused with a clear message")
  func version() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Catalog.self, from: Data(#"{"version": 2, "lessons": []}"#.utf8))
    }
  }
}
