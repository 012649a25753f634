import Foundation
import GradeCatalog

/// A lesson's sandbox on disk: the plan's sources copied in, compiled once, then run per job in a box.
///
/// Layout, under `root`:
/// - `src/module`, `src/canonical-tests`, `src/task-N`: the sources, copies only
/// - `build/misuses` (`build-tsan/…` for ThreadSanitizer): what the compiler said of each misuse
/// - `runs/`: one scratch folder per run of a program, removed after it
///
/// Modules, tests libraries and programs are built into `StateFolder.builds`, and variants
/// into `StateFolder.variants`, each in a folder named by a hash of its inputs, so every
/// sandbox shares what it has in common with another.
public struct Sandbox: Sendable {
  /// The sandbox's folder, kept between runs so unchanged parts are not compiled again.
  public var root: URL
  /// What the sandbox holds.
  public var plan: SandboxPlan
  /// Compiles the parts.
  public var compiler: Compiler
  /// Runs the test binaries.
  public var box: Box
  /// Where built variants are shared.
  public var state: StateFolder
  /// Told about slow steps, such as compiling variants the first time.
  public var progress: @Sendable (String) -> Void = { _ in }
  /// Called before each compile a build starts: a background preparation waits there while
  /// the learner's own grading runs (`Preparation`).
  public var pause: @Sendable () -> Void = {}

  /// Creates a sandbox at `root` for `plan`.
  public init(root: URL, plan: SandboxPlan, compiler: Compiler, box: Box, state: StateFolder) {
    self.root = root
    self.plan = plan
    var compiler = compiler
    compiler.moduleFlags = plan.lesson.moduleFlags
    compiler.testFlags = plan.lesson.testFlags
    self.compiler = compiler
    self.box = box
    self.state = state
  }

  /// A part of the sandbox that compiles on its own.
  public enum Part: Hashable, Sendable {
    /// The learner's module.
    case module
    /// The canonical tests, against the learner's module.
    case canonicalTests
    /// The learner's tests of one write-tests task, against its wheat.
    case task(Int)
    /// The misuses of compiler-graded tasks, each compiled alone.
    case misuses

    /// The part's folder name under `src/`.
    var folderName: String {
      switch self {
      case .module: "module"
      case .canonicalTests: "canonical-tests"
      case .task(let number): "task-\(number)"
      case .misuses: "misuses"
      }
    }
  }

  func sourceFolder(_ part: Part) -> URL { root.appending(path: "src/\(part.folderName)") }
  func buildFolder(_ part: Part) -> URL {
    root.appending(path: "\(compiler.threadSanitizer ? "build-tsan" : "build")/\(part.folderName)")
  }

  /// The sources of a part as compiled.
  func sources(of part: Part) -> SandboxPlan.Sources {
    switch part {
    case .module: plan.module
    case .misuses: plan.misuses
    case .canonicalTests: plan.canonicalTests
    case .task(let number): plan.learnerTests[number] ?? SandboxPlan.Sources()
    }
  }

  /// Writes every part's sources, touching only the files that changed.
  public func sync(_ parts: [Part]) throws(GradeError) {
    var files: [String: Data] = [:]
    for part in parts {
      for (name, data) in sources(of: part).files { files["\(part.folderName)/\(name)"] = data }
    }
    try FileSync.sync(files, into: root.appending(path: "src"))
  }

  /// What building the sandbox gave.
  public struct Built: Sendable {
    /// Compile errors by part, in the learner's terms.
    public var errors: [Part: [Diagnostic]] = [:]
    /// Parts that could not be built for a reason that is not the learner's.
    public var failures: [Part: String] = [:]
    /// The built program folder of each variant of each write-tests task.
    public var variantFolders: [VariantID: URL] = [:]
    /// The folder of the program that runs the canonical tests against the learner's library.
    public var runnerFolder: URL?
    /// The folder of the learner's built module: Swift 6 mode's, or Swift 5 mode's when only that compiled.
    public var moduleFolder: URL?
    /// Everything the compiler said of the learner's module in Swift 6 mode, warnings too,
    /// for a lesson with compiler-graded tasks.
    public var swift6Diagnostics: [Diagnostic] = []
    /// What the compiler said of each misuse, by file name.
    var misuseMessages: [String: [SerializedDiagnostics.Message]] = [:]
    /// The folder of each part's tests library.
    public var testLibraries: [Part: URL] = [:]
    /// Every warning the compiler gave in each part, for the rules on what learner files may hold.
    public var warnings: [Part: [Diagnostic]] = [:]
    /// What each part's learner files hold that the rules refuse, or that could not be read.
    var surveys: [Part: SourceSurvey.Findings] = [:]
    /// The learner's files, by name, that the built module holds as handed out instead: each
    /// did not compile or was refused, and the lesson's other tasks are graded without it.
    public var substitutes: Set<String> = []
    /// The compile of the module as the learner wrote it.
    var moduleResult: Compiler.Result?
    /// The folder of the module as the learner wrote it, when it compiled: what a misuse is checked against.
    var ownModuleFolder: URL? { moduleResult.flatMap { $0.succeeded ? $0.folder : nil } }

    /// A part's tests library, when it was built.
    public func testsLibrary(_ part: Part) -> URL? { testLibraries[part]?.appending(path: RunnerProgram.testsLibrary) }

    /// The program that runs the canonical tests against the learner's library.
    public var runner: URL? { runnerFolder?.appending(path: Compiler.programName) }

    /// The program that runs a write-tests task's tests against one of its variants.
    public func program(for variant: VariantID) -> URL? {
      variantFolders[variant]?.appending(path: Compiler.programName)
    }

    /// The kept mutants of write-tests task `task` that were built, in the order of their numbers.
    func mutants(of task: Int) -> [VariantID] {
      variantFolders.keys.filter { $0.task == task && $0.mutantNumber > 0 }.sorted { $0.mutantNumber < $1.mutantNumber }
    }

    /// Whether a part and everything it needs built: the module counts as built when it was, as
    /// the learner wrote it or with some of their files as handed out. A task whose files the
    /// rules refuse is never usable: refused code does not run.
    public func usable(_ part: Part) -> Bool {
      switch part {
      case .module: moduleFolder != nil && failures[.module] == nil
      case .canonicalTests: usable(.module) && errors[.canonicalTests] == nil && failures[.canonicalTests] == nil
      default:
        errors[part] == nil && failures[part] == nil
          && (surveys[part].map { !$0.refusals.contains(where: \.blocksRunning) && $0.unread.isEmpty } ?? true)
      }
    }
  }

  /// Compiles every part that has sources: the module and its canonical tests in
  /// one chain, each write-tests task in another, the chains side by side.
  ///
  /// - Parameter variantsOnly: Tasks whose variants alone are built, not the learner's tests:
  ///   a preparation builds those of tasks still as handed out, whose tests the learner will change.
  public func build(tasks: [Int], variantsOnly: Set<Int> = []) -> Built {
    let chains: [[Part]] = [[.module, .canonicalTests, .misuses]] + tasks.map { [.task($0)] }
    let results = Locked(Built())
    DispatchQueue.concurrentPerform(iterations: chains.count) { index in
      var local = Built()
      for part in chains[index] {
        if part == .canonicalTests, !local.usable(.module) { continue }
        pause()
        build(part, into: &local, variantsOnly: variantsOnly)
      }
      results.update { built in
        built.errors.merge(local.errors) { $1 }
        built.failures.merge(local.failures) { $1 }
        built.variantFolders.merge(local.variantFolders) { $1 }
        built.moduleFolder = built.moduleFolder ?? local.moduleFolder
        built.swift6Diagnostics += local.swift6Diagnostics
        built.misuseMessages.merge(local.misuseMessages) { $1 }
        built.testLibraries.merge(local.testLibraries) { $1 }
        built.runnerFolder = built.runnerFolder ?? local.runnerFolder
        built.warnings.merge(local.warnings) { $1 }
        built.surveys.merge(local.surveys) { $1 }
        built.substitutes.formUnion(local.substitutes)
        built.moduleResult = built.moduleResult ?? local.moduleResult
      }
    }
    return results.value
  }

  private func build(_ part: Part, into built: inout Built, variantsOnly: Set<Int> = []) {
    let started = ContinuousClock.now
    defer { trace("  built \(part.folderName)", since: started) }
    let sources = sources(of: part)
    let lesson = plan.lesson
    let names = sources.files.keys.sorted()
    let result: Compiler.Result
    switch part {
    case .module:
      guard !names.isEmpty else { return }
      buildModule(names: names, into: &built)
      return
    case .canonicalTests:
      guard !plan.canonicalTests.files.isEmpty, let moduleFolder = built.moduleFolder else { return }
      let runner = compiler.program(module: nil, sourceFolder: nil, names: [])
      guard runner.succeeded else {
        built.failures[part] = "the grader's entry point does not compile: \(runner.output.suffix(800))"
        return
      }
      built.runnerFolder = runner.folder
      result = compiler.tests(
        module: lesson.testModule, sourceFolder: sourceFolder(part), names: names, libraryModule: lesson.module,
        libraryFolder: moduleFolder, linksLibrary: true)
      built.testLibraries[part] = result.folder
    case .misuses:
      // A misuse is compiled, never run, so it is checked against the module as the learner wrote it.
      guard let moduleFolder = built.ownModuleFolder ?? built.moduleFolder else { return }
      for name in names {
        let checked = compiler.check(name, in: sourceFolder(part), against: moduleFolder, module: lesson.module, into: buildFolder(part))
        built.misuseMessages[name] = checked.succeeded || !checked.messages.isEmpty ? checked.messages : nil
      }
      return
    case .task(let number):
      var folders: [VariantID: URL] = [:]
      // A task's mutants share one program, so each distinct set of sources is one build.
      var distinct: [SandboxPlan.Sources] = []
      for variant in plan.variants[number] ?? [] where variant.prebuilt == nil && !distinct.contains(variant.sources) {
        distinct.append(variant.sources)
      }
      let fresh = distinct.filter { !VariantBuild.isBuilt($0, module: lesson.module, state: state, compiler: compiler) }
      if !fresh.isEmpty {
        let versions = fresh.count == 1 ? "1 version of the code (once; later gradings reuse it)"
          : "\(fresh.count) versions of the code, correct and buggy (once; later gradings reuse them)"
        progress("  lesson \(lesson.number), task \(number): compiling \(versions)")
      }
      let solution = plan.variants[number]?.first { $0.id == .solution(of: number) && $0.prebuilt == nil }
      for variant in plan.variants[number] ?? [] {
        if let prebuilt = variant.prebuilt {
          folders[variant.id] = prebuilt
          continue
        }
        pause()
        // A chaff, a wheat or the mutants' program differs from the solution in a file or two,
        // so it is built from the solution's objects, compiling only those files again.
        let base = variant.id == .solution(of: number) ? nil : solution?.sources
        switch VariantBuild.build(variant.sources, base: base, module: lesson.module, state: state, compiler: compiler) {
        case .success(let folder): folders[variant.id] = folder
        case .failure(let error):
          built.failures[part] = error.message
          return
        }
      }
      built.variantFolders.merge(folders) { $1 }
      guard let wheat = folders[.solution(of: number)], !variantsOnly.contains(number) else { return }
      // The learner's tests are surveyed beside their compile, against the same interface.
      let findings = Locked(SourceSurvey.Findings())
      let compiled = Locked<Compiler.Result?>(nil)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          findings.update { $0 = survey(part, typeCheck: names, interface: wheat) }
        } else {
          let tests = compiler.tests(
            module: lesson.learnerTestModule, sourceFolder: sourceFolder(part), names: names, libraryModule: lesson.module,
            libraryFolder: wheat, linksLibrary: false, strictMemorySafety: true)
          compiled.update { $0 = tests }
        }
      }
      result = compiled.value!
      built.testLibraries[part] = result.folder
      built.warnings[part] = Diagnostic.errors(in: result.messages, shownAs: sources.shownAs, warnings: true).filter(\.isWarning)
      var found = findings.value
      let owned = ownedFiles(of: part)
      found.refusals += SourceSurvey.unsafeCode(in: built.warnings[part] ?? [], owned: Set(owned.map(\.shownAs)))
      if result.succeeded, let library = built.testsLibrary(part), let first = owned.first {
        found.refusals += MachineCodeRules.refusals(
          in: library, shownAs: first.shownAs, threadSanitizer: compiler.threadSanitizer, toolchain: box.isolation.toolchain,
          runner: compiler.runner, cache: state.runtimeFunctions)
      }
      built.surveys[part] = SourceSurvey.Findings(refusals: SourceSurvey.unique(found.refusals), unread: found.unread, traits: found.traits)
    }
    if result.timedOut {
      built.failures[part] = "the compiler took longer than \(compiler.timeout) and was stopped"
    } else if !result.succeeded {
      let errors = Diagnostic.errors(in: result.messages, shownAs: sources.shownAs)
      if errors.isEmpty {
        built.failures[part] = "the compiler failed without an error message: \(result.output.suffix(1500))"
      } else {
        built.errors[part] = errors
      }
    }
  }

  /// The learner's owned files of a part, by name, each with the rules of the task that owns it.
  func ownedFiles(of part: Part) -> [SourceSurvey.File] {
    let sources = sources(of: part)
    let lesson = plan.lesson
    return lesson.tasks.flatMap { task -> [SourceSurvey.File] in
      if case .task(let number) = part, number != task.number { return [] }
      let prefix = (part == .module ? Lesson.sourcesFolder : Lesson.testsFolder) + "/"
      return task.files.filter { $0.hasPrefix(prefix) }.compactMap { file in
        let name = String(file.dropFirst(prefix.count))
        guard sources.files[name] != nil, let shown = sources.shownAs[name] else { return nil }
        return SourceSurvey.File(name: name, shownAs: shown, rules: CodeRules.of(task, in: lesson, file: file))
      }
    }
  }

  /// Surveys a part's learner files against their rules, from the compiler's view of them.
  func survey(_ part: Part, typeCheck: [String], interface: URL? = nil) -> SourceSurvey.Findings {
    let files = ownedFiles(of: part)
    guard !files.isEmpty else { return SourceSurvey.Findings() }
    let survey = SourceSurvey(runner: compiler.runner, moduleCache: compiler.moduleCache)
    let module = part == .module ? plan.lesson.module : plan.lesson.learnerTestModule
    return survey.survey(
      files, in: sourceFolder(part), module: module, lessonModule: plan.lesson.module, tests: part != .module,
      typeCheck: typeCheck + (interface.map { ["-I", $0.path] } ?? []))
  }

  /// Builds the learner's module, surveying their files beside the compile; then, when some
  /// of their files do not compile or are refused, builds it again with those files as
  /// handed out, so the lesson's other tasks are graded on what their own files do.
  private func buildModule(names: [String], into built: inout Built) {
    let lesson = plan.lesson
    let folder = sourceFolder(.module)
    let work: Compiler.Result = {
      let findings = Locked(SourceSurvey.Findings())
      let compiled = Locked<Compiler.Result?>(nil)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          findings.update { $0 = survey(.module, typeCheck: names) }
        } else {
          var result = compiler.library(
            module: lesson.module, sourceFolder: folder, names: names,
            incremental: plan.gradesConcurrency ? nil : buildFolder(.module).appending(path: "incremental"), strictMemorySafety: true)
          if plan.gradesConcurrency, !result.succeeded {
            // Swift 5 mode makes concurrency errors warnings: the lesson's other tasks still run.
            let swift6 = result
            result = compiler.library(module: lesson.module, sourceFolder: folder, names: names, swiftVersion: 5, strictMemorySafety: true)
            result.messages = swift6.messages + result.messages.filter { $0.severity != .error }
            result.swift6Failed = true
          }
          compiled.update { $0 = result }
        }
      }
      built.surveys[.module] = findings.value
      return compiled.value!
    }()
    let shown = sources(of: .module).shownAs
    if plan.gradesConcurrency {
      built.swift6Diagnostics = Diagnostic.errors(in: work.messages, shownAs: shown, warnings: true)
    }
    built.warnings[.module] = Diagnostic.errors(in: work.messages, shownAs: shown, warnings: true).filter(\.isWarning)
    var findings = built.surveys[.module] ?? SourceSurvey.Findings()
    let owned = ownedFiles(of: .module)
    findings.refusals += SourceSurvey.unsafeCode(in: built.warnings[.module] ?? [], owned: Set(owned.map(\.shownAs)))
    findings.refusals += SourceSurvey.inheritedPromises(in: built.warnings[.module] ?? [], owned: owned)
    var library = work
    // The built library is one object: its refusals are put on the first file of a task this
    // build grades (a ThreadSanitizer build grades the tasks marked for it).
    let graded = compiler.threadSanitizer
      ? Set(lesson.tasks.filter(\.threadSanitizer).flatMap(\.files).map { WorkbookPath.lesson(lesson).appending($0).relative }) : nil
    if work.succeeded, let folder = work.folder, let first = owned.first(where: { graded?.contains($0.shownAs) ?? true }) ?? owned.first {
      findings.refusals += MachineCodeRules.refusals(
        in: folder.appending(path: Compiler.libraryName(lesson.module)), shownAs: first.shownAs,
        threadSanitizer: compiler.threadSanitizer, toolchain: box.isolation.toolchain, runner: compiler.runner,
        cache: state.runtimeFunctions)
    }
    built.surveys[.module] = SourceSurvey.Findings(refusals: SourceSurvey.unique(findings.refusals), unread: findings.unread, traits: findings.traits)
    built.moduleResult = work

    // Which of the learner's files cannot stay: refused, unread, or holding the compile's errors.
    let blocked = Set(findings.refusals.filter(\.blocksRunning).map(\.path) + findings.unread)
    var failing = blocked
    if !work.succeeded {
      let errors = Diagnostic.errors(in: work.messages, shownAs: shown)
      let ownedPaths = Set(owned.map(\.shownAs))
      let inOwned = Set(errors.compactMap(\.path).filter { ownedPaths.contains($0) })
      // An error only in the workbook's own files follows from something the learner changed; which is unknown.
      failing.formUnion(inOwned.isEmpty ? ownedPaths : inOwned)
    }
    let replaced = owned.filter { failing.contains($0.shownAs) }
    if !replaced.isEmpty {
      // The same module with those files as handed out: the other tasks are graded with it.
      let fallback = buildFolder(.module).appending(path: "handed-out")
      var files = sources(of: .module).files
      var swapped: [String] = []
      for file in replaced {
        guard let data = plan.handedOutVersion(of: "\(Lesson.sourcesFolder)/\(file.name)", runner: compiler.runner) else { continue }
        files[file.name] = data
        swapped.append(file.name)
      }
      if !swapped.isEmpty, (try? FileSync.sync(files, into: fallback)) != nil {
        var again = compiler.library(module: lesson.module, sourceFolder: fallback, names: files.keys.sorted(), strictMemorySafety: false)
        if plan.gradesConcurrency, !again.succeeded {
          again = compiler.library(module: lesson.module, sourceFolder: fallback, names: files.keys.sorted(), swiftVersion: 5)
        }
        if again.succeeded {
          library = again
          built.substitutes = Set(swapped)
        }
      }
    } else if !work.succeeded {
      library = work
    }
    built.moduleFolder = library.succeeded ? library.folder : nil
    // Code the rules refuse is never run: without a handed-out copy to stand in, no task runs.
    let substitutedPaths = Set(owned.filter { built.substitutes.contains($0.name) }.map(\.shownAs))
    if !blocked.isSubset(of: substitutedPaths) { built.moduleFolder = nil }
    if !work.succeeded || !built.substitutes.isEmpty {
      // The learner's own compile's errors stay the module's errors: they are shown under their task.
      let errors = Diagnostic.errors(in: work.messages, shownAs: shown)
      if !errors.isEmpty { built.errors[.module] = errors }
      if errors.isEmpty, !work.succeeded, !work.timedOut {
        built.failures[.module] = "the compiler failed without an error message: \(work.output.suffix(1500))"
      }
    }
    if work.timedOut { built.failures[.module] = "the compiler took longer than \(compiler.timeout) and was stopped" }
  }

  /// The learner's module's library, as built.
  public func moduleLibrary(_ built: Built) -> URL {
    (built.moduleFolder ?? buildFolder(.module)).appending(path: Compiler.libraryName(plan.lesson.module))
  }

  /// Runs the tests in `libraries` whose IDs match `filters`, in `program`, and folds their events into a result.
  ///
  /// A first run is parallel, as `swift test` would run it. If the process
  /// crashes, every test that was running when it died may be the one that
  /// crashed: each runs again alone, so that each `fatalError` names its test.
  /// Beside them, the tests that never started run again together, and so on
  /// until every test has a result. Each run is a fresh box with its own time limit.
  ///
  /// - Parameters:
  ///   - repetitions: Run the tests this many times in one process (`--repetitions`),
  ///     to catch a test that passes by luck; a crash is then one failed run, not rerun.
  ///   - seconds: A time limit shorter than the box's for each run, from the task's catalog entry.
  ///   - crashesToName: Stop once this many crashes are named, suspects taken in source
  ///     order, a core's worth at a time; the tests not reached then have no result.
  public func runTests(
    _ program: URL, libraries: [URL], filters: [String] = [], repetitions: Int = 1, seconds: Int? = nil, crashesToName: Int = .max,
    waitsForEvents: Bool = false, mutant: Int = 0
  ) -> JobResult {
    var fold = RunFold(seconds: seconds, waitsForEvents: waitsForEvents, mutant: mutant)
    if repetitions > 1 {
      _ = fold.run(self, program, libraries, filters: filters, serial: false, repetitions: repetitions)
      return fold.folded
    }
    guard var ending = fold.run(self, program, libraries, filters: filters, serial: false) else { return fold.folded }
    var ranAlone: Set<String> = []
    while ending == .crashed, fold.result.crashes.count < crashesToName {
      let unresolved = fold.order.filter { id in
        guard let test = fold.tests[id], !ranAlone.contains(id) else { return false }
        return fold.result.crashes[id] == nil && (test.status == .notRun || test.status == .interrupted)
      }
      let allSuspects = unresolved.filter { fold.tests[$0]?.status == .interrupted }
      let suspects = crashesToName == .max ? allSuspects : Array(allSuspects.prefix(Self.cores))
      let unstarted = unresolved.filter { fold.tests[$0]?.status == .notRun }
      // Runs side by side: each suspect alone, then (last) the tests that never started, together.
      let runs: [(filters: [String], serial: Bool)] = suspects.map { ([Self.exactFilter(forID: $0)], true) }
        + (unstarted.isEmpty ? [] : [(unstarted.map(Self.exactFilter(forID:)), false)])
      guard !runs.isEmpty else { break }
      ranAlone.formUnion(suspects)
      let folds = Locked([Int: (RunFold, RunFold.AfterRun?)]())
      SideBySide.run(runs.count, width: JobExecutor.width) { index in
        var alone = RunFold(seconds: seconds, waitsForEvents: waitsForEvents, mutant: mutant)
        let ended = alone.run(self, program, libraries, filters: runs[index].filters, serial: runs[index].serial)
        folds.update { $0[index] = (alone, ended) }
      }
      // Suspects left for a later round keep the loop going, as a crash among the unstarted does.
      ending = allSuspects.count > suspects.count ? .crashed : .clean
      for index in runs.indices {
        guard let (other, ended) = folds.value[index] else { continue }
        fold.absorb(other)
        // Only the run of tests that never started goes round again; a suspect alone is resolved.
        if !runs[index].serial, ended == .crashed { ending = .crashed }
      }
    }
    return fold.folded
  }

  /// How many runs go side by side when naming crashes a few at a time.
  static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// The results of one job's runs, folded together as they come.
  private struct RunFold {
    /// The time limit of each run, when shorter than the box's.
    var seconds: Int?
    /// Whether a test that waits for real time to pass records an issue.
    var waitsForEvents = false
    /// The mutant the program runs, when it was built from a mutant schema.
    var mutant = 0
    var result = JobResult()
    var tests: [String: TestOutcome] = [:]
    var order: [String] = []

    /// What the crash-naming loop does after a run: not how the job ended, which is `RunEnding`.
    enum AfterRun: Equatable { case clean, crashed, stopped }

    /// The job's result: every test's most telling outcome, in the order first seen.
    var folded: JobResult {
      var folded = result
      folded.tests = order.compactMap { tests[$0] }
      var seen: Set<String> = []
      folded.hung = result.hung.filter { seen.insert($0.id).inserted }
      return folded
    }

    /// Runs the program once and folds in what it reported; `nil` when it could not start at all.
    mutating func run(_ sandbox: Sandbox, _ program: URL, _ libraries: [URL], filters: [String], serial: Bool, repetitions: Int = 1) -> AfterRun? {
      let request = Box.Request(
        filters: filters.isEmpty ? nil : filters, parallel: !serial, repetitions: repetitions, seconds: seconds,
        waitsForEvents: waitsForEvents, mutant: mutant)
      let boxed: Box.Report
      let started = ContinuousClock.now
      defer { trace("  run \(serial ? "serial" : "parallel") \(filters.first?.suffix(40) ?? "")", since: started) }
      do {
        boxed = try sandbox.box.run(program, libraries: libraries, request: request)
      } catch {
        result.ending = result.ending.merged(with: .infrastructure(error.message))
        return nil
      }
      let outcome = boxed.outcome
      var report = TestRunReport(eventStream: boxed.events, repetitions: repetitions)
      report.problems = boxed.streamProblems + report.problems
      // What the run printed is its own text: escaped before anything shows it.
      result.outputTail = ShownText.escaped(outcome.output.suffix(500), limit: 500)
      // ThreadSanitizer reports a race on the output and lets the test pass: the report is the finding.
      // One report per distinct race, its frames named from the files the run was given, and each
      // file put as the learner knows it.
      var modules = [Compiler.programName: program]
      for library in libraries { modules[library.lastPathComponent] = library }
      let shown = sandbox.plan.module.shownAs.merging(sandbox.plan.canonicalTests.shownAs) { first, _ in first }
      let races = SanitizerReport.reports(
        in: outcome.output, modules: modules, toolchain: sandbox.box.isolation.toolchain, runner: sandbox.compiler.runner
      ).map { report in
        var text = report
        for (name, path) in shown.sorted(by: { $0.key < $1.key }) { text = text.replacingOccurrences(of: " at \(name):", with: " at \(path):") }
        return text
      }
      for race in races.map({ report in
        report.split(separator: "\n").map { ShownText.escaped($0, limit: ShownText.messageLimit) }.joined(separator: "\n")
      }) where !result.sanitizerReports.contains(race) {
        result.sanitizerReports.append(race)
      }
      for test in report.tests { remember(test) }
      result.unattributedIssues += report.unattributedIssues
      if !report.problems.isEmpty { result.ending = result.ending.merged(with: .void(report.problems)) }

      switch outcome.termination {
      case .timedOut:
        result.ending = result.ending.merged(with: .timedOut)
        result.hung += report.interrupted
        return .stopped
      case .outputLimitExceeded:
        result.ending = result.ending.merged(with: .flooded)
        result.hung += report.interrupted
        return .stopped
      case .exited(let code) where report.finished:
        if code == 0, report.tests.contains(where: { $0.status == .failed }) {
          result.ending = result.ending.merged(with: .void(["the test binary exited with status 0 although tests failed"]))
        } else if code != 0 && code != 1 && races.isEmpty {
          // Every test ended, then the process exited with a status of its own (ThreadSanitizer's 66, an exit() in a deinit).
          result.ending = result.ending.merged(with: .abnormalExit("every test ended, then the process exited with status \(code)"))
        }
        return .clean
      case .signaled where report.finished:
        result.ending = result.ending.merged(with: .abnormalExit("every test ended, then \(describe(outcome.termination))"))
        return .clean
      default:
        if repetitions > 1 {
          // A repeated run that crashed: every test it interrupted failed that run.
          for test in report.interrupted {
            result.crashes[test.id] = Sandbox.fatalMessage(in: outcome) ?? describe(outcome.termination)
          }
          if report.interrupted.isEmpty {
            result.ending = result.ending.merged(with: .didNotStart("the test binary stopped before any test ran: \(describe(outcome.termination))"))
          }
          return .crashed
        }
        guard let crashed = report.interrupted.first else {
          result.ending = result.ending.merged(with: .didNotStart(
            "the test binary stopped before any test ran: \(Sandbox.fatalMessage(in: outcome) ?? describe(outcome.termination)) "
              + ShownText.escaped(outcome.output.suffix(300), limit: 300)))
          return .stopped
        }
        guard serial else { return .crashed }  // In parallel, every running test dies: which one crashed is unknown.
        result.crashes[crashed.id] = Sandbox.fatalMessage(in: outcome) ?? describe(outcome.termination)
        return .crashed
      }
    }

    /// Keeps the most telling outcome of each test: an ending beats an interruption beats not running.
    mutating func remember(_ test: TestOutcome) {
      if tests[test.id] == nil { order.append(test.id) }
      if let earlier = tests[test.id] {
        let rank: (TestOutcome.Status) -> Int = { status in
          switch status {
          case .notRun: 0
          case .interrupted: 1
          default: 2
          }
        }
        if rank(test.status) < rank(earlier.status) { return }
      }
      tests[test.id] = test
    }

    /// Adds what another fold learned.
    mutating func absorb(_ other: RunFold) {
      for id in other.order { if let test = other.tests[id] { remember(test) } }
      result.crashes.merge(other.result.crashes) { $1 }
      result.unattributedIssues += other.result.unattributedIssues
      result.ending = result.ending.merged(with: other.result.ending)
      result.hung += other.result.hung
      if !other.result.outputTail.isEmpty { result.outputTail = other.result.outputTail }
    }
  }

  /// A filter that matches exactly the tests named by `name`, such as `UserStoreTests` or
  /// `UserStoreTests/findsUser()`, in `module`.
  public static func filter(module: String, name: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: "\(module).\(name)") + "/"
  }

  /// A filter that matches every test in `module`.
  public static func filter(module: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: "\(module).")
  }

  /// A filter that matches one test ID exactly.
  static func exactFilter(forID id: String) -> String {
    "^" + NSRegularExpression.escapedPattern(for: id) + "$"
  }

  /// The `Fatal error: ...` line a crashed Swift process printed, if any, escaped: a test can print one too.
  static func fatalMessage(in outcome: ProcessOutcome) -> String? {
    for line in outcome.output.split(whereSeparator: \.isNewline) where line.contains("Fatal error") {
      return ShownText.escaped(line.trimmingCharacters(in: .whitespaces), limit: ShownText.messageLimit)
    }
    return nil
  }
}

/// Names a process ending in words.
func describe(_ termination: ProcessOutcome.Termination) -> String {
  switch termination {
  case .exited(let code): "the process exited with status \(code)"
  case .signaled(let signal): "the process was killed by signal \(signal) (\(signalName(signal)))"
  case .timedOut: "the time limit ran out"
  case .outputLimitExceeded: "the process printed more than the grader keeps"
  }
}

private func signalName(_ signal: Int32) -> String {
  switch signal {
  case 4: "SIGILL, a Swift runtime trap such as fatalError or a force unwrap of nil"
  case 5: "SIGTRAP, a Swift runtime trap"
  case 6: "SIGABRT"
  case 9: "SIGKILL, often the memory limit"
  case 11: "SIGSEGV, a bad memory access"
  case 24: "SIGXCPU, the CPU-time limit"
  case 25: "SIGXFSZ, a file over the size limit"
  default: "signal \(signal)"
  }
}
