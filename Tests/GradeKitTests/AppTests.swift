import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeKit
@testable import GradeResults
import Synchronization
import GradeTestSupport
import Testing

/// Whole commands, run through `App` with their output captured.
@Suite("Running whole commands")
struct AppTests {
  /// A workbook folder holding only the sample catalog, enough for commands that build nothing.
  final class Scratch {
    let root = FileManager.default.temporaryDirectory.appending(path: "app-\(UUID().uuidString)")
    init() throws {
      try FileManager.default.createDirectory(at: root.appending(path: "Lessons"), withIntermediateDirectories: true)
      try Data(SampleLesson.json.utf8).write(to: root.appending(path: "Lessons/catalog.json"))
    }
    deinit { try? FileManager.default.removeItem(at: root) }
  }

  /// Runs `arguments` in `folder` and returns the exit status, standard output and standard error.
  func run(_ arguments: [String], in folder: URL) -> (status: Int32, out: String, err: String) {
    let out = Mutex<[String]>([])
    let err = Mutex<[String]>([])
    let app = App(
      currentFolder: folder, environment: [:], outputIsTerminal: false,
      write: { line in out.withLock { $0.append(line) } }, writeError: { line in err.withLock { $0.append(line) } })
    let status = app.run(arguments)
    return (status, out.withLock { $0.joined(separator: "\n") }, err.withLock { $0.joined(separator: "\n") })
  }

  @Test("--help prints usage and exits 0")
  func help() throws {
    let scratch = try Scratch()
    let result = run(["--help"], in: scratch.root)
    #expect(result.status == 0)
    #expect(result.out == Commands.usage)
  }

  @Test("list prints the lessons in order")
  func list() throws {
    let scratch = try Scratch()
    let result = run(["list"], in: scratch.root)
    #expect(result.status == 0)
    #expect(result.out == "   1  expect-and-require  Expecting and requiring")
  }

  @Test("An unknown lesson exits 2 and lists the lessons there are")
  func unknownLesson() throws {
    let scratch = try Scratch()
    let result = run(["7"], in: scratch.root)
    #expect(result.status == 2)
    #expect(result.err == "grade: there is no lesson \"7\". The lessons are:\n   1  expect-and-require  Expecting and requiring")
  }

  @Test("The workbook is found from a folder inside it")
  func findsWorkbookUpward() throws {
    let scratch = try Scratch()
    let result = run(["list"], in: scratch.root.appending(path: "Lessons"))
    #expect(result.status == 0)
  }

  @Test("No workbook exits 2 and says where to run")
  func noWorkbook() throws {
    let empty = FileManager.default.temporaryDirectory.appending(path: "empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let result = run(["1"], in: empty)
    #expect(result.status == 2)
    #expect(result.err.contains("no workbook found"))
  }

  @Test("A bad option exits 2 before anything is graded")
  func badOption() throws {
    let scratch = try Scratch()
    let result = run(["--timeout", "soon"], in: scratch.root)
    #expect(result.status == 2)
    #expect(result.err.hasPrefix("grade: --timeout takes a whole number"))
  }

  @Test("hint climbs the ladder of the first unfinished task")
  func hint() throws {
    let scratch = try Scratch()
    let first = run(["hint", "1"], in: scratch.root)
    let second = run(["hint"], in: scratch.root)
    #expect(first.out.contains("Lesson 1, task 1 of 2: Make the validator throw\nHint 1 of 2: Read the tests first.\n1 more hint for task 1: swift run grade hint 1 --task 1"), "\(first.out)")
    #expect(second.out.contains("Hint 2 of 2: Throw ScoreError.outOfRange(score)."))
    #expect(second.out.contains("That is the last hint of task 1."))
  }

  @Test("hint goes past the hint that grade already showed, and --task reads any task's ladder")
  func hintAfterGrade() throws {
    let scratch = try Scratch()
    let workbook = try Workbook.load(at: scratch.root)
    let lesson = workbook.catalog.lessons[0]
    // What grade does when it shows a failing task: hint 1 counts as seen.
    let hints = HintStore(url: workbook.learnerState.hints)
    hints.markSeen(lesson.tasks[0], in: lesson, level: 1)
    let next = run(["hint", "1"], in: scratch.root)
    #expect(next.out.contains("(You have seen hint 1 of task 1.)\nHint 2 of 2: Throw ScoreError.outOfRange(score)."), "\(next.out)")
    #expect(next.out.contains("That is the last hint of task 1."))
    let other = run(["hint", "1", "--task", "2"], in: scratch.root)
    #expect(other.out.contains("task 2"))
    #expect(other.out.contains("Hint 1 of 2: One test per promise."))
    let missing = run(["hint", "1", "--task", "9"], in: scratch.root)
    #expect(missing.status == App.Exit.error)
  }

  @Test("hint follows the task the last grading's screen pointed at, and names it")
  func hintFollowsTheScreen() throws {
    let scratch = try Scratch()
    let workbook = try Workbook.load(at: scratch.root)
    let lesson = workbook.catalog.lessons[0]
    // The screen showed task 1 done and task 2 failing, so it ended under task 2's hint.
    let result = LessonResult(lessonNumber: 1, tasks: [.passed(1), .failing(2, [.noLearnerTests])])
    ResultCache.store(result, at: workbook.state.result("learner", of: lesson), fingerprint: ResultCache.seenOnly)
    ShownTask(url: workbook.learnerState.shownTask).record(lesson, result)
    let hint = run(["hint"], in: scratch.root)
    #expect(hint.out.hasPrefix("Lesson 1, task 2 of 2: Test the user store\nHint 1 of 2: One test per promise."), "\(hint.out)")
    #expect(hint.out.contains("1 more hint for task 2: swift run grade hint 1 --task 2"))
  }

  @Test("hint moves on with the learner: once their lesson is done, the next lesson not done")
  func hintMovesOn() throws {
    let scratch = try Scratch()
    // A second lesson, as lesson 1 under another name.
    let catalog = String(SampleLesson.json.dropLast(2)) + ",\n" + Self.secondLesson + "\n]}"
    try Data(catalog.utf8).write(to: scratch.root.appending(path: "Lessons/catalog.json"))
    let workbook = try Workbook.load(at: scratch.root)
    let (first, second) = (workbook.catalog.lessons[0], workbook.catalog.lessons[1])
    // The learner saw lesson 1 fail, then finished it.
    ShownTask(url: workbook.learnerState.shownTask).record(first, LessonResult(lessonNumber: 1, tasks: [.passed(1), .failing(2, [.noLearnerTests])]))
    ResultCache.store(LessonResult(lessonNumber: 1, tasks: [.passed(1), .passed(2)]), at: workbook.state.result("learner", of: first), fingerprint: ResultCache.seenOnly)
    let hint = run(["hint"], in: scratch.root)
    #expect(hint.out.hasPrefix("Lesson 1 is done; lesson 2 is the next one not done.\nLesson 2, task 1 of 1: Make the validator throw\n"), "\(hint.out)")
    let named = run(["hint", "1"], in: scratch.root)
    #expect(named.out.hasPrefix("Every task of lesson 1 passes."))
    ResultCache.store(LessonResult(lessonNumber: 2, tasks: [.passed(1)]), at: workbook.state.result("learner", of: second), fingerprint: ResultCache.seenOnly)
    #expect(run(["hint"], in: scratch.root).out.hasPrefix("Every lesson is done."))
  }

  @Test("present with no terminal to answer prints every line of every step, the long first one too, and clears nothing")
  func presentHandout() throws {
    let scratch = try Scratch()
    let folder = scratch.root.appending(path: "Lessons/01-expect-and-require")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let long = (1...60).map { "Line \($0) of a long step." }.joined(separator: "\n\n")
    try Data("# Expecting and requiring\n\n\(long)\n\n## Short\n\nThe end.\n".utf8).write(to: folder.appending(path: "README.md"))
    let result = run(["present", "1"], in: scratch.root)
    #expect(result.status == App.Exit.passed)
    for number in 1...60 { #expect(result.out.contains("Line \(number) of a long step."), "line \(number)") }
    // The first step is paged before the grader knows nobody answers; its later pages follow.
    #expect(result.out.contains("Lesson 1 · step 1 of 2 · page 2 of 4 · Expecting and requiring"), "\(result.out)")
    #expect(result.out.contains("The end."))
    #expect(!result.out.contains("\u{1B}"))
  }

  /// Lesson 1 of the sample catalog again, as a second lesson.
  static let secondLesson = """
    {"slug": "again", "title": "Again", "module": "Again", "tasks": [
      {"title": "Make the validator throw", "kind": "implement", "files": ["Sources/ScoreValidator.swift"],
       "tests": ["ScoreValidatorTests"], "hints": ["Read the tests first.", "Throw ScoreError.outOfRange(score)."]}
    ]}
    """
}

/// `swift run grade` on a workbook whose later lessons are untouched.
@Suite("Grading every lesson", .tags(.slow))
struct GradeEveryLessonTests {
  /// A workbook with lesson 1's starter twice: as lesson 1 and as lesson 2, with lesson 2's fingerprint recorded.
  final class TwoLessons {
    let root = HostileLab.repository.appending(path: ".build/grade-two-lessons-\(UUID().uuidString)")
    init() throws {
      let manager = FileManager.default
      let repository = HostileLab.repository
      for (from, to) in [
        ("Lessons/01-expect-and-require", "Lessons/01-expect-and-require"), ("Lessons/01-expect-and-require", "Lessons/02-again"),
        ("Solutions/01-expect-and-require", "Solutions/01-expect-and-require"), ("Solutions/01-expect-and-require", "Solutions/02-again"),
        ("Tests/ExpectRequireTests", "Tests/ExpectRequireTests"),
      ] {
        try manager.createDirectory(at: root.appending(path: to).deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: repository.appending(path: from), to: root.appending(path: to))
      }
      let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: repository.appending(path: "Lessons/catalog.json"))) as! [String: Any]
      var lessons = catalog["lessons"] as! [[String: Any]]
      var again = lessons[0]
      again["slug"] = "again"
      lessons = [lessons[0], again]
      try JSONSerialization.data(withJSONObject: ["version": catalog["version"]!, "lessons": lessons]).write(to: root.appending(path: "Lessons/catalog.json"))
      let workbook = try Workbook.load(at: root)
      let second = workbook.catalog.lessons[1]
      let fingerprint = try #require(StarterFingerprints.fingerprint(of: second, in: workbook.starterFolder(of: second)))
      try JSONEncoder().encode([second.folder: fingerprint]).write(to: workbook.starterFingerprintsFile)
    }
    deinit { try? FileManager.default.removeItem(at: root) }
  }

  @Test("An untouched lesson after the first unfinished one is called not started, without building it; once edited, it is graded")
  func untouchedLessonsAreNotBuilt() throws {
    let book = try TwoLessons()
    let app = AppTests()
    let second = book.root.appending(path: ".build/grade/workspaces/learner/02-again")

    let first = app.run([], in: book.root)
    #expect(first.status == App.Exit.failed)
    #expect(first.out.contains("2  again               0/3 tasks  (not started)"), "\(first.out)")
    #expect(!FileManager.default.fileExists(atPath: second.path))

    try Data("// started\n".utf8).write(to: book.root.appending(path: "Lessons/02-again/Tests/CounterTests.swift"))
    let edited = app.run([], in: book.root)
    #expect(!edited.out.contains("not started"), "\(edited.out)")
    #expect(FileManager.default.fileExists(atPath: second.path))
  }

  @Test("A write-tests task whose files are the starter's is not started and not built; once edited, it is graded")
  func untouchedTasksAreNotBuilt() throws {
    let book = try TwoLessons()
    let workbook = try Workbook.load(at: book.root)
    let lesson = workbook.catalog.lessons[0]
    let folder = workbook.starterFolder(of: lesson)
    var recorded = StarterFingerprints.recorded(in: workbook).byFolder
    for task in lesson.tasks { recorded[StarterFingerprints.key(of: task, in: lesson)] = StarterFingerprints.fingerprint(of: task, in: folder) }
    try JSONEncoder().encode(recorded).write(to: workbook.starterFingerprintsFile)
    let writeTests = lesson.tasks.filter { if case .writeTests = $0.kind { true } else { false } }
    let task = try #require(writeTests.first)
    let app = AppTests()

    let untouched = app.run(["1", "--format", "json"], in: book.root)
    #expect(untouched.out.components(separatedBy: "Not started: your files are as handed out.").count - 1 == writeTests.count, "\(untouched.out)")
    #expect(!FileManager.default.fileExists(atPath: book.root.appending(path: ".build/grade/variants").path), "no variant was built")

    let file = folder.appending(path: task.files[0])
    try (try Data(contentsOf: file) + Data("\n// started\n".utf8)).write(to: file)
    let edited = app.run(["1", "--format", "json"], in: book.root)
    #expect(edited.out.components(separatedBy: "Not started: your files are as handed out.").count - 1 == writeTests.count - 1, "\(edited.out)")
    #expect(edited.out.contains("Task \(task.number): your tests pass against a correct implementation"), "\(edited.out)")
  }

  @Test("With no lesson named, grade shows the lesson the learner is in: the one they edited last, or asked for last")
  func startWhereYouAre() throws {
    let book = try TwoLessons()
    let workbook = try Workbook.load(at: book.root)
    let (first, second) = (workbook.catalog.lessons[0], workbook.catalog.lessons[1])
    let fingerprints = try [first, second].reduce(into: [String: String]()) { all, lesson in
      // Typed, so #require unwraps the optional: assigned straight into the dictionary, it would
      // wrap it once more and never fail.
      let fingerprint: String = try #require(StarterFingerprints.fingerprint(of: lesson, in: workbook.starterFolder(of: lesson)))
      all[lesson.folder] = fingerprint
    }
    try JSONEncoder().encode(fingerprints).write(to: workbook.starterFingerprintsFile)
    let app = AppTests()
    let firstWorkspace = book.root.appending(path: ".build/grade/workspaces/learner/01-expect-and-require")

    // A learner who starts at lesson 2 never sees lesson 1's feedback, and lesson 1 is not built.
    let test = workbook.starterFolder(of: second).appending(path: "Tests/UserStoreTests.swift")
    try (try Data(contentsOf: test) + Data("\n// started\n".utf8)).write(to: test)
    let started = app.run([], in: book.root)
    #expect(started.out.hasPrefix("Lesson 2: "), "\(started.out)")
    #expect(started.out.contains("Shown above: lesson 2, the one whose files you changed last. Another lesson: swift run grade N"))
    #expect(started.out.contains("1  expect-and-require  0/3 tasks  (not started)"), "\(started.out)")
    #expect(!FileManager.default.fileExists(atPath: firstWorkspace.path))
    #expect(CurrentLesson(workbook: workbook, starters: .recorded(in: workbook)).find()?.lesson.number == 2)

    // Asking for lesson 1 by name makes it the one the learner is in, until they edit lesson 2 again.
    _ = app.run(["1"], in: book.root)
    #expect(CurrentLesson(workbook: workbook, starters: .recorded(in: workbook)).find()?.lesson.number == 1)
    try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: test.path)
    #expect(CurrentLesson(workbook: workbook, starters: .recorded(in: workbook)).find()?.lesson.number == 2)
  }

  @Test("prepare builds a lesson in a workspace of its own, so the learner's first grade reuses it; one runs at a time")
  func prepare() throws {
    let book = try TwoLessons()
    let app = AppTests()
    let workbook = try Workbook.load(at: book.root)
    // What an earlier grader left in place of the workspaces goes when a grader starts.
    let retired = book.root.appending(path: ".build/grade/sandboxes/learner/02-again")
    try FileManager.default.createDirectory(at: retired, withIntermediateDirectories: true)
    let held = try #require(FileLock(trying: workbook.state.prepareLock))
    let busy = app.run(["prepare", "2"], in: book.root)
    #expect(!FileManager.default.fileExists(atPath: retired.deletingLastPathComponent().deletingLastPathComponent().path))
    #expect(busy.out.contains("Another grade prepare is running"), "\(busy.out)")
    held.unlock()

    let prepared = app.run(["prepare", "2"], in: book.root)
    #expect(prepared.status == App.Exit.passed)
    #expect(prepared.out == "Prepared lesson 2: each first grade is now as fast as the next.")
    #expect(FileManager.default.fileExists(atPath: book.root.appending(path: ".build/grade/workspaces/prepare/02-again").path))
    #expect(!FileManager.default.fileExists(atPath: book.root.appending(path: ".build/grade/workspaces/learner/02-again").path))
    // The learner's first grade of lesson 2 finds every variant built.
    let progress = Mutex<[String]>([])
    let learner = App(
      currentFolder: book.root, environment: [:], outputIsTerminal: false, write: { _ in },
      writeError: { line in progress.withLock { $0.append(line) } })
    _ = learner.run(["2"])
    #expect(!progress.withLock { $0 }.contains { $0.contains("compiling") }, "\(progress.withLock { $0 })")
  }

  @Test("A preparation waits before each compile and run while a grading the learner waits for holds the foreground")
  func preparationYields() throws {
    let book = try TwoLessons()
    let workbook = try Workbook.load(at: book.root)
    let grader = Preparation(workbook: workbook, grader: Grader(workbook: workbook)).yielding
    let foreground = FileLock(shared: grader.state.foregroundLock)
    let paused = Mutex(false)
    let done = DispatchSemaphore(value: 0)
    // A thread of its own, not a task: the wait blocks in the kernel, and under load the
    // test's cooperative threads may all be busy with other suites' grading.
    let waiting = Thread {
      grader.pause()
      paused.withLock { $0 = true }
      done.signal()
    }
    waiting.start()
    // The kernel lists the preparation's lock request as blocked behind the foreground's.
    var info = stat()
    #expect(stat(grader.state.foregroundLock.path, &info) == 0)
    let blocked = ":\(info.st_ino) "
    var seen = false
    let deadline = ContinuousClock.now + .seconds(300)
    while !seen, ContinuousClock.now < deadline {
      let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
      seen = locks.split(separator: "\n").contains { $0.contains(" -> FLOCK") && $0.contains(blocked) }
      // Polling the kernel's table: there is no event to wait for when a lock request blocks.
      if !seen { usleep(1_000) }
    }
    #expect(seen, "the preparation's wait never reached the kernel")
    #expect(!paused.withLock { $0 })
    foreground.unlock()
    #expect(done.wait(timeout: .now() + 300) == .success)
    #expect(paused.withLock { $0 })
  }

  @Test("A lesson is untouched only while every file the learner owns hashes to its recorded starter")
  func fingerprints() throws {
    let book = try TwoLessons()
    let workbook = try Workbook.load(at: book.root)
    let (first, second) = (workbook.catalog.lessons[0], workbook.catalog.lessons[1])
    let recorded = StarterFingerprints.recorded(in: workbook)
    #expect(recorded.isUntouched(second, in: workbook))
    #expect(!recorded.isUntouched(first, in: workbook), "no fingerprint is recorded for lesson 1")
    let file = workbook.starterFolder(of: second).appending(path: second.ownedFiles[0])
    let text = try Data(contentsOf: file)
    try Data(text + Data(" ".utf8)).write(to: file)
    #expect(!recorded.isUntouched(second, in: workbook))
    try text.write(to: file)
    #expect(recorded.isUntouched(second, in: workbook))
    try FileManager.default.removeItem(at: file)
    #expect(!recorded.isUntouched(second, in: workbook))
  }
}
