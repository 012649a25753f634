import Foundation

/// A lesson's sandbox on disk: the plan's sources copied in, compiled once, then run per job in a box.
///
/// Layout, under `root`:
/// - `src/module`, `src/canonical-tests`, `src/task-N`: the sources, copies only
/// - `build/misuses` (`build-tsan/…` for ThreadSanitizer): what the compiler said of each misuse
/// - `runs/`: one scratch folder per run of a test binary, removed after it
///
/// Modules and test binaries are built into `StateFolder.builds`, and variants into
/// `StateFolder.variants`, each in a folder named by a hash of its inputs, so every
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

  /// Creates a sandbox at `root` for `plan`.
  public init(root: URL, plan: SandboxPlan, compiler: Compiler, box: Box, state: StateFolder) {
    self.root = root
    self.plan = plan
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

  /// The sources of a part as compiled: a test part gets the grader's `main`.
  func sources(of part: Part) -> SandboxPlan.Sources {
    switch part {
    case .module: return plan.module
    case .misuses: return plan.misuses
    case .canonicalTests:
      var sources = plan.canonicalTests
      sources.add(Compiler.testMainName, Data(Compiler.testMain.utf8), shownAs: "(the grader's test runner)")
      return sources
    case .task(let number):
      var sources = plan.learnerTests[number] ?? SandboxPlan.Sources()
      sources.add(Compiler.testMainName, Data(Compiler.testMain.utf8), shownAs: "(the grader's test runner)")
      return sources
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
    /// The built library folder of each variant of each write-tests task, the wheat first.
    public var variantFolders: [Int: [URL]] = [:]
    /// The folder of the learner's built module: Swift 6 mode's, or Swift 5 mode's when only that compiled.
    public var moduleFolder: URL?
    /// Everything the compiler said of the learner's module in Swift 6 mode, warnings too,
    /// for a lesson with compiler-graded tasks.
    public var swift6Diagnostics: [Diagnostic] = []
    /// What the compiler said of each misuse, by file name.
    public var misuseOutputs: [String: String] = [:]
    /// The folder of each part's test binary.
    public var binaries: [Part: URL] = [:]

    /// A part's test binary, when it was built.
    public func binary(_ part: Part) -> URL? { binaries[part]?.appending(path: "tests") }

    /// Whether a part and everything it needs built.
    public func usable(_ part: Part) -> Bool {
      let needs: [Part] = part == .canonicalTests ? [.module, .canonicalTests] : [part]
      return needs.allSatisfy { errors[$0] == nil && failures[$0] == nil }
    }
  }

  /// Compiles every part that has sources: the module and its canonical tests in
  /// one chain, each write-tests task in another, the chains side by side.
  public func build(tasks: [Int]) -> Built {
    let chains: [[Part]] = [[.module, .canonicalTests, .misuses]] + tasks.map { [.task($0)] }
    let results = LockedBox(Built())
    DispatchQueue.concurrentPerform(iterations: chains.count) { index in
      var local = Built()
      for part in chains[index] {
        if part == .canonicalTests || part == .misuses, !local.usable(.module) { break }
        build(part, into: &local)
      }
      results.update { built in
        built.errors.merge(local.errors) { $1 }
        built.failures.merge(local.failures) { $1 }
        built.variantFolders.merge(local.variantFolders) { $1 }
        built.moduleFolder = built.moduleFolder ?? local.moduleFolder
        built.swift6Diagnostics += local.swift6Diagnostics
        built.misuseOutputs.merge(local.misuseOutputs) { $1 }
        built.binaries.merge(local.binaries) { $1 }
      }
    }
    return results.value
  }

  private func build(_ part: Part, into built: inout Built) {
    let started = ContinuousClock.now
    defer { trace("  built \(part.folderName)", since: started) }
    let sources = sources(of: part)
    let lesson = plan.lesson
    let names = sources.files.keys.sorted()
    let result: Compiler.Result
    switch part {
    case .module:
      guard !names.isEmpty else { return }
      // File by file, so an edit compiles one file again; not where the grade reads every warning.
      var compiled = compiler.library(
        module: lesson.module, sourceFolder: sourceFolder(part), names: names,
        incremental: plan.gradesConcurrency ? nil : buildFolder(part).appending(path: "incremental"))
      if plan.gradesConcurrency {
        built.swift6Diagnostics = Diagnostic.errors(inCompilerOutput: compiled.output, shownAs: sources.shownAs, warnings: true)
        if !compiled.succeeded {
          // Swift 5 mode makes concurrency errors warnings: the lesson's other tasks still run.
          compiled = compiler.library(module: lesson.module, sourceFolder: sourceFolder(part), names: names, swiftVersion: 5)
        }
      }
      built.moduleFolder = compiled.folder
      result = compiled
    case .canonicalTests:
      guard !plan.canonicalTests.files.isEmpty, let moduleFolder = built.moduleFolder else { return }
      result = compiler.tests(
        module: lesson.testModule, sourceFolder: sourceFolder(part), names: names, libraryModule: lesson.module,
        libraryFolder: moduleFolder)
      built.binaries[part] = result.folder
    case .misuses:
      guard let moduleFolder = built.moduleFolder else { return }
      for name in names {
        let checked = compiler.check(name, in: sourceFolder(part), against: moduleFolder, module: lesson.module, into: buildFolder(part))
        built.misuseOutputs[name] = checked.output
      }
      return
    case .task(let number):
      var folders: [URL] = []
      let fresh = (plan.variants[number] ?? []).filter { $0.prebuilt == nil && !VariantLibrary.isBuilt($0.sources, module: lesson.module, state: state, compiler: compiler) }
      if !fresh.isEmpty {
        progress("  lesson \(lesson.number), task \(number): compiling \(fresh.count) correct and buggy versions of the code (once; later gradings reuse them)")
      }
      for variant in plan.variants[number] ?? [] {
        if let prebuilt = variant.prebuilt {
          folders.append(prebuilt)
          continue
        }
        switch VariantLibrary.build(variant.sources, module: lesson.module, state: state, compiler: compiler) {
        case .success(let folder): folders.append(folder)
        case .failure(let error):
          built.failures[part] = error.message
          return
        }
      }
      built.variantFolders[number] = folders
      guard let wheat = folders.first else { return }
      result = compiler.tests(
        module: lesson.learnerTestModule, sourceFolder: sourceFolder(part), names: names, libraryModule: lesson.module,
        libraryFolder: wheat)
      built.binaries[part] = result.folder
    }
    if result.timedOut {
      built.failures[part] = "the compiler took longer than \(compiler.timeout) and was stopped"
    } else if !result.succeeded {
      let errors = Diagnostic.errors(inCompilerOutput: result.output, shownAs: sources.shownAs)
      if errors.isEmpty {
        built.failures[part] = "the compiler failed without an error message: \(result.output.suffix(1500))"
      } else {
        built.errors[part] = errors
      }
    }
  }

  /// The learner's module's library, as built.
  public func moduleLibrary(_ built: Built) -> URL {
    (built.moduleFolder ?? buildFolder(.module)).appending(path: Compiler.libraryName(plan.lesson.module))
  }

  /// Runs the tests of `binary` whose IDs match `filters`, against `library`, and folds their events into a result.
  ///
  /// A first run is parallel, as `swift test` would run it. If the process
  /// crashes, every test that was running when it died may be the one that
  /// crashed: each runs again alone, so that each `fatalError` names its test.
  /// Beside them, the tests that never started run again together, and so on
  /// until every test has a result. Each run is a fresh box with its own time limit.
  ///
  /// - Parameter repetitions: Run the tests this many times in one process (`--repetitions`),
  ///   to catch a test that passes by luck; a crash is then one failed run, not rerun.
  ///   - seconds: A time limit shorter than the box's for each run, from the task's catalog entry.
  ///   - crashesToName: Stop once this many crashes are named, suspects taken in source
  ///     order, a core's worth at a time; the tests not reached then have no result.
  public func runTests(
    _ binary: URL, library: URL, filters: [String] = [], repetitions: Int = 1, seconds: Int? = nil, crashesToName: Int = .max
  ) -> JobResult {
    var fold = RunFold(seconds: seconds)
    if repetitions > 1 {
      _ = fold.run(self, binary, library, filters: filters, serial: false, repetitions: repetitions)
      return fold.folded
    }
    guard var ending = fold.run(self, binary, library, filters: filters, serial: false) else { return fold.folded }
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
      let folds = LockedBox([Int: (RunFold, RunFold.Ending?)]())
      DispatchQueue.concurrentPerform(iterations: runs.count) { index in
        var alone = RunFold(seconds: seconds)
        let ended = alone.run(self, binary, library, filters: runs[index].filters, serial: runs[index].serial)
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
    var result = JobResult()
    var tests: [String: TestOutcome] = [:]
    var order: [String] = []

    enum Ending: Equatable { case clean, crashed, stopped }

    /// The job's result: every test's most telling outcome, in the order first seen.
    var folded: JobResult {
      var folded = result
      folded.tests = order.compactMap { tests[$0] }
      var seen: Set<String> = []
      folded.hung = result.hung.filter { seen.insert($0.id).inserted }
      return folded
    }

    /// Runs the binary once and folds in what it reported; `nil` when it could not start at all.
    mutating func run(_ sandbox: Sandbox, _ binary: URL, _ library: URL, filters: [String], serial: Bool, repetitions: Int = 1) -> Ending? {
      var arguments = ["--testing-library", "swift-testing", "--event-stream-output-path", "/dev/fd/3",
                       "--event-stream-version", "\(EventRecord.schemaVersion)"]
      for filter in filters { arguments += ["--filter", filter] }
      if serial { arguments.append("--no-parallel") }
      if repetitions > 1 { arguments += ["--repetitions", "\(repetitions)"] }
      let outcome: ProcessOutcome
      let started = ContinuousClock.now
      defer { trace("  run \(serial ? "serial" : "parallel") \(filters.first?.suffix(40) ?? "")", since: started) }
      do {
        outcome = try sandbox.box.run(binary, library: library, arguments: arguments, seconds: seconds)
      } catch {
        result.infrastructureError = error.message
        return nil
      }
      let report = TestRunReport(eventStream: outcome.events ?? Data(), repetitions: repetitions)
      result.outputTail = String(outcome.output.suffix(500))
      // ThreadSanitizer reports a race on the output and lets the test pass: the report is the finding.
      // One report per distinct race, with the sandbox's paths put back as the learner knows them.
      let races = SanitizerReport.demangled(SanitizerReport.reports(in: outcome.output), runner: sandbox.compiler.runner).map { report in
        var text = report
        for part in [Part.module, .canonicalTests] {
          for (name, shown) in sandbox.sources(of: part).shownAs {
            text = text.replacingOccurrences(of: sandbox.sourceFolder(part).appending(path: name).path, with: shown)
          }
        }
        return text
      }
      for race in races where !result.sanitizerReports.contains(race) { result.sanitizerReports.append(race) }
      for test in report.tests { remember(test) }
      result.unattributedIssues += report.unattributedIssues
      result.problems += report.problems

      switch outcome.termination {
      case .timedOut:
        result.timedOut = true
        result.hung += report.interrupted
        return .stopped
      case .outputLimitExceeded:
        result.flooded = true
        result.hung += report.interrupted
        return .stopped
      case .exited(let code) where report.finished:
        if code == 0, report.tests.contains(where: { $0.status == .failed }) {
          result.problems.append("the test binary exited with status 0 although tests failed")
        } else if code != 0 && code != 1 && races.isEmpty {
          // Every test ended, then the process exited with a status of its own (ThreadSanitizer's 66, an exit() in a deinit).
          result.abnormalExit = "every test ended, then the process exited with status \(code)"
        }
        return .clean
      case .signaled where report.finished:
        result.abnormalExit = "every test ended, then \(describe(outcome.termination))"
        return .clean
      default:
        if repetitions > 1 {
          // A repeated run that crashed: every test it interrupted failed that run.
          for test in report.interrupted {
            result.crashes[test.id] = Sandbox.fatalMessage(in: outcome) ?? describe(outcome.termination)
          }
          if report.interrupted.isEmpty {
            result.startFailure = "the test binary stopped before any test ran: \(describe(outcome.termination))"
          }
          return .crashed
        }
        guard let crashed = report.interrupted.first else {
          result.startFailure = "the test binary stopped before any test ran: \(Sandbox.fatalMessage(in: outcome) ?? describe(outcome.termination))\n\(outcome.output.suffix(300))"
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
      result.problems += other.result.problems
      result.timedOut = result.timedOut || other.result.timedOut
      result.flooded = result.flooded || other.result.flooded
      result.hung += other.result.hung
      result.abnormalExit = result.abnormalExit ?? other.result.abnormalExit
      result.startFailure = result.startFailure ?? other.result.startFailure
      result.infrastructureError = result.infrastructureError ?? other.result.infrastructureError
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

  /// The `Fatal error: ...` line a crashed Swift process printed, if any.
  static func fatalMessage(in outcome: ProcessOutcome) -> String? {
    for line in outcome.output.split(whereSeparator: \.isNewline) where line.contains("Fatal error") {
      return line.trimmingCharacters(in: .whitespaces)
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
