import Foundation
import GradeBuild
import GradeCatalog
import GradeFeedback
import GradeJudge
import GradeProcesses
import GradeResults
import Synchronization

/// `grade check`: proves every lesson keeps the workbook's promises, and lists every breach.
///
/// For every lesson: the catalog and the files agree; the solution builds and
/// passes every task, which means the reference tests pass on the wheat and
/// catch every chaff; each wheat's over-specified test and each fixture without
/// a technique fails the check it names; every program of a task is laid out
/// alike; the starter builds and fails every task; every canonical test belongs
/// to one task; every walkthrough snippet compiles.
public struct Checker: Sendable {
  /// The workbook to check.
  public var workbook: Workbook
  /// Grades the solution and the starter.
  public var grader: Grader
  /// Receives one line per step, so a long check shows it is alive.
  public var progress: @Sendable (String) -> Void
  /// How many times each task's reference tests run against each of its variants, under load,
  /// to prove no bug is caught by luck (`--runs`); `nil` for the grading alone.
  public var runs: Int?

  /// Creates a checker.
  public init(workbook: Workbook, grader: Grader, progress: @escaping @Sendable (String) -> Void) {
    self.workbook = workbook
    self.grader = grader
    self.progress = progress
  }

  /// Whether this is a student copy made by `grade release`: no `Solutions/`, the compiled variants in `Grading/`.
  var isStudentCopy: Bool {
    !workbook.shipsSolutions && FileManager.default.fileExists(atPath: workbook.root.appending(path: ReleasedVariants.folderName).path)
  }

  /// Checks the given lessons and returns every breach found.
  public func run(lessons: [Lesson]) -> [Breach] {
    if isStudentCopy {
      // A copy has no solutions, chaff sources or reference tests to prove: it says so, and checks its starters.
      progress(
        "This is a student copy (no Solutions/), so grade check proves what a copy can: that each lesson's starter compiles "
          + "and fails every task, graded against the compiled versions in \(ReleasedVariants.folderName)/. That every solution "
          + "passes and the reference tests catch every bug is proved in your instructor's workbook.")
      return lessons.flatMap(checkStarter)
    }
    let edited = lessons.flatMap(editedStarterFiles)
    if !edited.isEmpty {
      progress("grade check proves the workbook as committed: your edits to \(Count.words(edited.count, "lesson file")) (\(edited.prefix(3).joined(separator: ", "))\(edited.count > 3 ? ", …" : "")) are set aside, not checked.")
    }
    var tree = FileTree(root: workbook.root, folders: [WorkbookPath.lessons, .solutions, .tests].map(\.relative))
    for path in edited {
      if let shown = try? grader.spawner.run(
        ["git", "-C", workbook.root.path, "show", "HEAD:\(path)"], until: .now + .seconds(30), streams: .separate), shown.succeeded {
        tree.files[path] = shown.outputBytes
      }
    }
    let breaches = lessons.count == workbook.catalog.lessons.count
      ? CatalogValidator.validate(workbook.catalog, tree: tree) + manifestBreaches()
      : lessons.flatMap { CatalogValidator.validate($0, tree: tree) }
    return breaches + checkSideBySide(lessons)
  }

  /// How many parts of lessons are checked at once. Most of one part's check is one compile or
  /// one grading after another, each leaving a core idle while it links or waits for a bounded
  /// wait to run out; two at once fill those gaps.
  static let partsAtOnce = 2

  /// Held by the lesson whose reference tests are soaking.
  static let soakTurn = Mutex(())

  /// The two parts of a lesson's check, each checked on its own beside another, so that both
  /// lanes stay busy until the end: checked whole, the last lesson ran alone for 45 s.
  enum Part: Int, CaseIterable {
    /// The solution's grading, its mutants, the layout, the soak, the snippets and availability:
    /// everything that reads the solution's workspace.
    case solution
    /// The solution with each fixture in place, and the starter: each graded in a workspace of
    /// its own, from the builds the solution's part left in the shared store.
    case variations
  }

  /// The order the parts of `count` lessons start in: each lesson's variations one lesson
  /// behind its solution (1s, 2s, 1v, 3s, 2v, …), so that they rarely wait for the builds
  /// they reuse.
  static func startOrder(_ count: Int) -> [(lesson: Int, part: Part)] {
    guard count > 0 else { return [] }
    return (0..<count).flatMap { index in [(index, Part.solution)] + (index > 0 ? [(index - 1, .variations)] : []) }
      + [(count - 1, .variations)]
  }

  /// The dynamic checks of `lessons`, two parts at a time, their lines and breaches in the lessons' order.
  func checkSideBySide(_ lessons: [Lesson]) -> [Breach] {
    let ordered = OrderedProgress()
    let found = Locked([Int: [Breach]]())
    // Signalled once a lesson's solution is graded: its variations wait for the builds it made.
    let solved = lessons.map { _ in DispatchSemaphore(value: 0) }
    let parts = Self.startOrder(lessons.count)
    SideBySide.run(parts.count, width: Self.partsAtOnce) { started in
      let (index, part) = parts[started]
      let shown = index * Part.allCases.count + part.rawValue
      var checker = self
      checker.progress = ordered.part(shown, writingTo: progress)
      checker.grader.progress = ordered.part(shown, writingTo: grader.progress)
      let breaches: [Breach]
      switch part {
      case .solution:
        breaches = checker.checkSolution(lessons[index]) { solved[index].signal() }
      case .variations:
        solved[index].wait()
        breaches = checker.checkVariations(lessons[index])
      }
      found.update { $0[shown] = breaches }
      ordered.finish(shown)
    }
    return (0..<parts.count).flatMap { found.value[$0] ?? [] }
  }

  /// A closure that, with GRADE_TRACE=1, says how long each phase of `lesson`'s check took since
  /// the one before, for finding where a check's time goes.
  static func phases(of lesson: Lesson) -> (String) -> Void {
    var start = ContinuousClock.now
    return { phase in
      trace("lesson \(lesson.number): \(phase)", since: start)
      start = .now
    }
  }

  /// The checks of a lesson that read its solution's grading: the solution passes every task,
  /// every canonical test belongs to a task, the kept mutants are current, every program of a
  /// task is laid out alike, the soak, the snippets and availability. Calls `graded` once the
  /// solution's grading is done, its builds in the shared store.
  func checkSolution(_ lesson: Lesson, graded: () -> Void = {}) -> [Breach] {
    var breaches: [Breach] = []
    func breach(_ message: String) { breaches.append(Breach(lesson: lesson.number, message)) }
    let phaseDone = Self.phases(of: lesson)
    defer { phaseDone("the rest") }

    progress("check: lesson \(lesson.number) (\(lesson.slug)): solution")
    let solved = grader.grade(
      lesson, learnerFolder: workbook.solutionFolder(of: lesson), workspaceName: "check-solution", listAllCanonicalTests: true)
    if let error = solved.lessonError { breach("the solution cannot be graded: \(error)") }
    for task in solved.tasks where task.status != .pass {
      let why = task.summary(in: lesson, limit: 4)
      breach("task \(task.taskNumber): the solution does not pass: \(why)")
    }
    // A check this machine does not make (`RunnerHooks`) is said, so the solution's pass here is not taken for the whole proof.
    for task in solved.tasks {
      for kind in task.notCheckedHere ?? [] {
        progress("  not checked on this machine: task \(task.taskNumber)'s check that \(kind.name); grade check on Linux checks it")
      }
    }
    graded()
    breaches += CatalogValidator.validateTestOwnership(lesson, canonicalTestIDs: solved.canonicalTestIDs)
    phaseDone("the solution")
    breaches += checkKeptMutants(of: lesson)
    breaches += checkSurvivorExamples(of: lesson)
    phaseDone("the mutants")
    progress("check: lesson \(lesson.number) (\(lesson.slug)): every program of a task laid out alike")
    breaches += checkLayout(of: lesson)
    phaseDone("the layout")

    if let runs {
      progress("check: lesson \(lesson.number) (\(lesson.slug)): the reference tests \(Count.words(runs, "time")) against every version, side by side")
      // One soak at a time, whichever lessons are checked at once: a soak proves the reference
      // tests under a grading's load, not under two.
      let soaked = Self.soakTurn.withLock { _ in
        phaseDone("waiting for the soak's turn")
        return grader.soak(lesson, learnerFolder: workbook.solutionFolder(of: lesson), workspaceName: "check-solution", runs: runs)
      }
      phaseDone("the soak")
      for result in soaked {
        if let problem = result.problem {
          breach("task \(result.task): \(Count.words(runs, "run")) against \(result.variant.words) could not be counted: \(problem)")
        } else if result.wrong > 0 {
          breach(result.mustFail
            ? "task \(result.task): the reference tests missed \(result.variant.words) in \(Count.part(result.wrong, of: runs, "run"))"
            : "task \(result.task): the reference tests failed on \(result.variant.words) in \(Count.part(result.wrong, of: runs, "run"))"
              + (result.example.map { "; one run said: \($0)" } ?? ""))
        }
      }
      breaches += Self.earnedPlaces(of: lesson, soaked: soaked)
      let mutants = soaked.filter { $0.variant.mutantNumber > 0 }.count
      let chaffs = soaked.filter(\.mustFail).count - mutants
      let correct = soaked.count - chaffs - mutants
      progress("  \(Count.words(chaffs, "bug")) and \(Count.words(mutants, "kept mutant")) caught in every one of \(Count.words(runs, "run")), \(Count.words(correct, "correct version")) passed every run"
        + (soaked.contains { $0.wrong > 0 || $0.problem != nil } ? ", except as listed below" : ""))
    }

    progress("check: lesson \(lesson.number) (\(lesson.slug)): snippets")
    breaches += checkSnippets(of: lesson)
    progress("check: lesson \(lesson.number) (\(lesson.slug)): availability on macOS \(AvailabilityRule.deployment)")
    breaches += checkAvailability(of: lesson)
    return breaches
  }

  /// The checks of a lesson that grade something other than its solution: each wheat's
  /// over-specified test and each fixture without a technique fails the check it names, lying
  /// witnesses are caught, and the starter compiles and fails every task.
  func checkVariations(_ lesson: Lesson) -> [Breach] {
    let phaseDone = Self.phases(of: lesson)
    var breaches = checkOverSpecifiedTests(of: lesson)
    breaches += checkWithoutFixtures(of: lesson)
    breaches += checkLyingWitnesses(of: lesson)
    phaseDone("the fixtures")
    breaches += checkStarter(lesson)
    phaseDone("the starter")
    return breaches
  }

  /// Proves the starter compiles, fails every task, and hashes to what `starters.json` records.
  func checkStarter(_ lesson: Lesson) -> [Breach] {
    var breaches: [Breach] = []
    func breach(_ message: String) { breaches.append(Breach(lesson: lesson.number, message)) }
    progress("check: lesson \(lesson.number) (\(lesson.slug)): starter")
    // A learner's worked copy is checked as committed: their edits are theirs, not the starter's.
    let starter = committedStarter(of: lesson) ?? workbook.starterFolder(of: lesson)
    let started = grader.grade(lesson, learnerFolder: starter, workspaceName: "check-starter", restoreCanonicalFiles: true)
    let recorded = StarterFingerprints.recorded(in: workbook).byFolder[lesson.folder]
    if let fingerprint = StarterFingerprints.fingerprint(of: lesson, in: starter), fingerprint != recorded {
      // `swift run grade` calls a lesson whose files hash to this not started, without grading it.
      breach("\(WorkbookPath.starterFingerprints) must give \(jsonString(lesson.folder)): \(jsonString(fingerprint)), the fingerprint of the starter's files (it gives \(recorded.map(jsonString) ?? "none"))")
    }
    for task in lesson.tasks {
      let key = StarterFingerprints.key(of: task, in: lesson)
      if let fingerprint = StarterFingerprints.fingerprint(of: task, in: starter), fingerprint != StarterFingerprints.recorded(in: workbook).byFolder[key] {
        // A learner's first grade of a lesson builds nothing for a task whose files hash to this.
        breach("\(WorkbookPath.starterFingerprints) must give \(jsonString(key)): \(jsonString(fingerprint)), the fingerprint of task \(task.number)'s starter files")
      }
    }
    if let error = started.lessonError { breach("the starter cannot be graded: \(error)") }
    for task in started.tasks {
      if task.status == .pass { breach("task \(task.taskNumber): the starter already passes; it must fail at least one test") }
      if case .compileErrors(let errors)? = task.findings.first {
        breach("task \(task.taskNumber): the starter does not compile: \(errors.first.map { "\($0.location ?? ""): \($0.message)" } ?? "")")
      }
    }
    return breaches
  }

  /// The owned starter files of `lesson` that differ from git's HEAD, by workbook path.
  func editedStarterFiles(of lesson: Lesson) -> [String] {
    let paths = lesson.ownedFiles.map { WorkbookPath.file($0, of: lesson).relative }
    guard let diff = try? grader.spawner.run(
      ["git", "-C", workbook.root.path, "diff", "--name-only", "HEAD", "--"] + paths, until: .now + .seconds(30), streams: .separate),
      diff.succeeded
    else { return [] }
    return diff.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// A folder holding `lesson`'s owned files as committed, when the learner has edited some; `nil` otherwise.
  func committedStarter(of lesson: Lesson) -> URL? {
    guard !editedStarterFiles(of: lesson).isEmpty else { return nil }
    let folder = grader.state.root.appending(path: "committed/\(lesson.folder)")
    try? FileManager.default.removeItem(at: folder)
    for file in lesson.ownedFiles {
      guard let shown = try? grader.spawner.run(
        ["git", "-C", workbook.root.path, "show", "HEAD:\(WorkbookPath.file(file, of: lesson))"], until: .now + .seconds(30),
        streams: .separate), shown.succeeded
      else { continue }
      let target = folder.appending(path: file)
      try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? shown.outputBytes.write(to: target)
    }
    return folder
  }

  /// Proves each alternative wheat differs where an over-specified test looks: its fixture (the
  /// task's test file with such a test in) passes on the solution and fails on that wheat alone,
  /// named as a test of something the code does not promise.
  func checkOverSpecifiedTests(of lesson: Lesson) -> [Breach] {
    var breaches: [Breach] = []
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind else { continue }
      for wheat in spec.wheats {
        let variant = VariantID(task: task.number, role: .wheat(wheat))
        // Correct versions are judged before any bug, so this check runs none.
        guard let result = grade(
          task, of: lesson, withFilesFrom: WorkbookPath.variant(variant, of: lesson).url(in: workbook.root),
          at: "over-specified/\(lesson.folder)/\(task.number)-\(wheat.name)", saying: "an over-specified test against \(variant.words)",
          bugs: [])
        else { continue }
        let onSolution = result.checks.first { $0.kind == .passesOnSolution }
        let caught = result.findings.contains { if case .overSpecified(_, wheat) = $0 { true } else { false } }
        if onSolution?.status != .pass {
          breaches.append(Breach(lesson: lesson.number, "task \(task.number): wheat \(wheat.name): its over-specified test does not pass on the solution: \(result.summary(in: lesson, limit: 2))"))
        } else if !caught {
          breaches.append(Breach(lesson: lesson.number, "task \(task.number): wheat \(wheat.name): its over-specified test passes on it, so the wheat does not differ where a test could look"))
        }
      }
    }
    return breaches
  }

  /// Grades `task` of `lesson` on the solution with the task's files that `fixtures` holds in
  /// place of the solution's, copied to `path` in the grader's state; `nil` when the folder holds
  /// none of them. Only `task` is graded (`Grader.grade`'s `only`), and the workspace is the one
  /// every such check shares, so each builds only the variants it needs, once.
  ///
  /// - Parameter bugs: The task's chaffs and mutants to run, `nil` for all (`Grader.grade`).
  func grade(
    _ task: LessonTask, of lesson: Lesson, withFilesFrom fixtures: URL, at path: String, saying what: String, bugs: Set<VariantID>? = nil
  ) -> TaskResult? {
    let files = task.files.filter { FileManager.default.fileExists(atPath: fixtures.appending(path: $0).path) }
    guard !files.isEmpty else { return nil }
    progress("check: lesson \(lesson.number) (\(lesson.slug)): task \(task.number): \(what)")
    let folder = solution(of: lesson, with: files, from: fixtures, at: path)
    return grader.grade(lesson, learnerFolder: folder, workspaceName: "check-over-specified", bugs: bugs, only: task.number)
      .tasks.first { $0.taskNumber == task.number }
  }

  /// A copy of the solution's owned files, at `path` in the grader's state, with `files` (the
  /// catalog's names) taken from `fixtures` instead: a task's test file replaced by a fixture.
  func solution(of lesson: Lesson, with files: [String], from fixtures: URL, at path: String) -> URL {
    let solution = workbook.solutionFolder(of: lesson)
    let folder = grader.state.root.appending(path: path)
    try? FileManager.default.removeItem(at: folder)
    for file in lesson.ownedFiles {
      let source = files.contains(file) ? fixtures.appending(path: file) : solution.appending(path: file)
      let target = folder.appending(path: file)
      try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? FileManager.default.copyItem(at: source, to: target)
    }
    return folder
  }

  /// Compiles every ```swift block of the walkthrough against the solution's built module, as far as SIL.
  func checkSnippets(of lesson: Lesson) -> [Breach] {
    let readme = WorkbookPath.readme(lesson)
    guard let text = try? String(contentsOf: readme.url(in: workbook.root), encoding: .utf8) else { return [] }
    let snippets = Snippet.extract(fromMarkdown: text)
    let workspace = grader.state.workspace("check-solution", of: lesson)
    // The solution's module, as grading the solution built it: the same inputs give the same
    // folder in the shared build store, so this compiles nothing new.
    let sources = workspace.appending(path: "src/module")
    // The module once per mode a block asks for, since the settings change its declarations too.
    var modules: [Snippet.Mode: (compiler: Compiler, folder: URL)] = [:]
    for mode in Set(snippets.flatMap(\.modes)) {
      var compiler = Compiler(spawner: grader.spawner, state: grader.state)
      compiler.moduleFlags = mode.flags(lesson: lesson)
      let module = compiler.library(module: lesson.module, sourceFolder: sources, names: swiftFiles(in: sources))
      guard let folder = module.folder else {
        return [Breach(lesson: lesson.number, "the solution's module does not compile \(mode.words), so no snippet could be checked: \(module.output.suffix(300))")]
      }
      modules[mode] = (compiler, folder)
    }
    let built = modules
    let folder = workspace.appending(path: "snippets")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let found = Mutex<[Breach]>([])
    DispatchQueue.concurrentPerform(iterations: snippets.count) { index in
      let snippet = snippets[index]
      let file = folder.appending(path: "README-line-\(snippet.line).swift")
      do {
        try Data(snippet.source(module: lesson.module).utf8).write(to: file)
      } catch {
        found.withLock { $0.append(Breach(lesson: lesson.number, "\(readme):\(snippet.line): could not check: \(error.localizedDescription)")) }
        return
      }
      // Through SIL, not just type-checking: region-based isolation errors come only there.
      // Once per mode the block asks for: the lesson's own, Swift's defaults, Xcode 26's.
      for mode in snippet.modes {
        guard let (checker, module) = built[mode] else { continue }
        let checked = checker.typeCheck(
          file.lastPathComponent, in: folder, against: module, module: lesson.module, into: folder.appending(path: "built-\(mode)"))
        let errors = Diagnostic.errors(in: checked.messages, shownAs: [file.lastPathComponent: "snippet"])
        if !checked.succeeded || !errors.isEmpty {
          let said = errors.prefix(3).map { "\($0.location ?? "snippet"): error: \($0.message)" }
          let shown = said.isEmpty ? String(checked.output.suffix(300)) : said.joined(separator: " | ")
          let named = snippet.modes == [.lesson] ? "" : " (\(mode.words))"
          found.withLock { $0.append(Breach(lesson: lesson.number, "\(readme):\(snippet.line): this swift block does not compile\(named): \(shown)")) }
        }
      }
    }
    return found.withLock { $0 }.sorted { $0.message < $1.message }
  }

  /// A breach when the manifest's `platforms` (as `dump-package` gives them) do not declare the
  /// macOS the availability rule checks every lesson's APIs against.
  static func deploymentBreaches(platforms: Any?) -> [Breach] {
    let macOS = (platforms as? [[String: Any]] ?? []).first { $0["platformName"] as? String == "macos" }?["version"] as? String
    guard macOS.flatMap(AvailabilityRule.OSVersion.init) != AvailabilityRule.deployment else { return [] }
    return [Breach(lesson: nil, "Package.swift must declare .macOS(.v\(AvailabilityRule.deployment.parts[0])), the macOS grade check "
      + "proves every lesson's APIs against (AvailabilityRule.deployment); it declares \(macOS.map { "macOS \($0)" } ?? "no macOS")")]
  }

  /// Breaches between the catalog and `Package.swift`, read through `swift package dump-package`.
  func manifestBreaches() -> [Breach] {
    guard let outcome = try? grader.spawner.run(
      ["swift", "package", "dump-package"], in: workbook.root, until: .now + .seconds(120), streams: .separate),
      outcome.succeeded,
      let json = try? JSONSerialization.jsonObject(with: outcome.outputBytes) as? [String: Any],
      let targets = json["targets"] as? [[String: Any]]
    else {
      return [Breach(lesson: nil, "Package.swift could not be read with `swift package dump-package`")]
    }
    var paths: [String: String] = [:]
    var settings: [String: (isolation: String?, features: Set<String>)] = [:]
    for target in targets {
      guard let name = target["name"] as? String else { continue }
      paths[name] = target["path"] as? String ?? ""
      var found: (isolation: String?, features: Set<String>) = (nil, [])
      for setting in target["settings"] as? [[String: Any]] ?? [] {
        let kind = setting["kind"] as? [String: Any] ?? [:]
        if let isolation = (kind["defaultIsolation"] as? [String: Any])?["_0"] as? String { found.isolation = isolation }
        if let feature = (kind["enableUpcomingFeature"] as? [String: Any])?["_0"] as? String { found.features.insert(feature) }
      }
      settings[name] = found
    }
    var breaches: [Breach] = []
    breaches += Self.deploymentBreaches(platforms: json["platforms"])
    for lesson in workbook.catalog.lessons {
      let sources = WorkbookPath.lesson(lesson).appending(Lesson.sourcesFolder)
      if paths[lesson.module] != sources.relative {
        breaches.append(Breach(lesson: lesson.number, "Package.swift must build module \(lesson.module) from \(sources)"))
      }
      // The targets build as the grader compiles: the module with the lesson's default isolation
      // and features, its tests with its features.
      let features = Set(lesson.upcomingFeatures)
      if let module = settings[lesson.module], module.isolation != lesson.defaultIsolation || module.features != features {
        breaches.append(Breach(lesson: lesson.number, "Package.swift must build \(lesson.module) with "
          + "default isolation \(lesson.defaultIsolation ?? "none") and upcoming features [\(features.sorted().joined(separator: ", "))], as the catalog says"))
      }
      for tests in [lesson.testModule, lesson.learnerTestModule] {
        if let found = settings[tests], found.isolation != nil || found.features != features {
          breaches.append(Breach(lesson: lesson.number, "Package.swift must build \(tests) with no default isolation and upcoming features [\(features.sorted().joined(separator: ", "))], as the catalog says"))
        }
      }
      if paths[lesson.testModule] != WorkbookPath.canonicalTests(lesson).relative {
        breaches.append(Breach(lesson: lesson.number, "Package.swift must have the test target \(lesson.testModule) at \(WorkbookPath.canonicalTests(lesson))"))
      }
      let learnerTests = WorkbookPath.lesson(lesson).appending(Lesson.testsFolder)
      if FileManager.default.fileExists(atPath: learnerTests.url(in: workbook.root).path), paths[lesson.learnerTestModule] != learnerTests.relative {
        breaches.append(Breach(lesson: lesson.number, "Package.swift must have the test target \(lesson.learnerTestModule) at \(learnerTests)"))
      }
    }
    let known = Set(workbook.catalog.lessons.flatMap { [$0.module, $0.testModule, $0.learnerTestModule] } + Self.graderTargets)
    for name in paths.keys.sorted() where !known.contains(name) {
      breaches.append(Breach(lesson: nil, "Package.swift has a target \(name) that no lesson in the catalog names"))
    }
    return breaches
  }

  /// The grader's own targets: the library, the command, their tests, and the program inside the box.
  static let graderTargets = ["GradeBox", "GradeBuild", "GradeCatalog", "GradeEvents", "GradeFeedback", "GradeJudge", "GradeMutants", "GradePolicy", "GradeProcesses", "GradeResults", "GradeRun", "GradeKit", "GradeKitTests", "GradeCatalogTests", "GradeEventsTests", "GradeJudgeTests", "GradeFeedbackTests", "GradeResultsTests", "GradeBuildTests", "GradeRunTests", "GradeTestSupport", "grade", "GradeWire", "GradeRunner", "GradeRunnerC", "GradeLauncher"]

  /// The check's report: every breach, or a line saying there are none.
  public func report(_ breaches: [Breach]) -> String {
    guard !breaches.isEmpty else { return "grade check: every lesson keeps its promises." }
    return (["grade check: \(Count.words(breaches.count, "breach", plural: "breaches")):"] + breaches.map { "  - \($0)" }).joined(separator: "\n")
  }
}
