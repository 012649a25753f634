import Foundation
import GradeCatalog
import GradeProcesses
import GradeResults

/// What one lesson's grading compiles, from where, and what it cannot grade.
///
/// The learner's module holds the workbook's canonical sources plus only the
/// files the learner owns, so edits to canonical files count for nothing. For
/// each task where the learner writes tests, the plan holds those tests and
/// the task's variants: the wheat (the solution's sources) and each chaff (the
/// same sources with one file replaced). Every variant is compiled under the
/// lesson's own module name, so the learner's tests cannot tell them apart.
public struct WorkspacePlan: Sendable {
  /// Swift files compiled as one module: file name to contents, and where the learner knows each.
  public struct Sources: Sendable, Equatable {
    /// Contents by file name.
    public var files: [String: Data] = [:]
    /// The path the learner knows each file by, such as `Lessons/01-x/Sources/A.swift`.
    public var shownAs: [String: String] = [:]

    /// Adds a file.
    mutating func add(_ name: String, _ data: Data, shownAs shown: String) {
      files[name] = data
      shownAs[name] = shown
    }
  }

  /// One implementation a write-tests task's tests run against.
  public struct Variant: Sendable, Equatable {
    /// What it is.
    public var id: VariantID
    /// Its sources, compiled as the lesson's module; empty when it comes built.
    public var sources: Sources
    /// The folder of its built library, in a released copy that ships variants compiled.
    public var prebuilt: URL?
  }

  /// An owned file that was not graded, and why.
  public struct RejectedFile: Sendable, Equatable {
    /// The path the learner knows it by.
    public var path: WorkbookPath
    /// Why it was not graded.
    package var rejection: FileRejection
  }

  /// The lesson graded.
  public var lesson: Lesson
  /// The learner's module: canonical sources and the learner's own.
  public var module = Sources()
  /// The canonical tests, run against the learner's module.
  public var canonicalTests = Sources()
  /// The misuses of compiler-graded tasks, each compiled alone against the learner's module.
  public var misuses = Sources()
  /// The learner's tests of each write-tests task, with the lesson's canonical test helpers.
  public var learnerTests: [Int: Sources] = [:]
  /// The variants of each write-tests task, in the order of `LessonTask.WriteTests.variants(of:)`,
  /// then the task's kept mutants (`KeptMutants`).
  public var variants: [Int: [Variant]] = [:]
  /// Tasks whose kept mutants no longer fit the solution, with the reason: their mutants are
  /// left out, and `grade check` says to make them again.
  public var staleMutants: [Int: String] = [:]
  /// Tasks that cannot be graded from this copy of the workbook, with the reason.
  public var unavailable: [Int: Unavailability] = [:]
  /// Owned files that were not graded, by the task that owns them.
  public var rejected: [Int: [RejectedFile]] = [:]
  /// Handed-out versions of canonical files the learner edited.
  package var pristine: PristineFiles
  /// Where the handed-out version of a learner's own file comes from, to stand in for
  /// one that does not compile or is refused, so the lesson's other tasks are still graded.
  var handedOut: HandedOut = .none

  /// Where handed-out versions of the learner's files are found.
  enum HandedOut: Sendable {
    /// Nowhere: a file that does not compile stops the tasks that need it.
    case none
    /// In the workbook's `Lessons/` folder, when the learner's files are elsewhere (a class).
    case folder(URL)
    /// In git, when the learner's files are the workbook's own `Lessons/` (a learner's checkout).
    case git(workbook: URL, lessonPath: String)
  }

  /// The handed-out version of the owned file `file` (such as `Sources/Inbox.swift`), if there is one.
  func handedOutVersion(of file: String, spawner: Spawner) -> Data? {
    switch handedOut {
    case .none: return nil
    case .folder(let folder): return try? Data(contentsOf: folder.appending(path: file))
    case .git(let workbook, let lessonPath):
      for revision in ["@{upstream}", "HEAD"] {
        if let shown = try? spawner.run(
          ["git", "-C", workbook.path, "show", "\(revision):\(lessonPath)/\(file)"], until: .now + .seconds(30), streams: .separate),
          shown.succeeded
        {
          return shown.outputBytes
        }
      }
      return nil
    }
  }

  /// Plans the grading of `lesson`, taking owned files from `learnerFolder`
  /// (a folder laid out like `Lessons/NN-slug`) and everything else from `workbook`.
  ///
  /// - Parameter toolchain: The first line of `swiftc --version`, which picks the
  ///   compiled variants of a released copy.
  public init(
    workbook: Workbook, lesson: Lesson, learnerFolder: URL, pristine: PristineFiles = .none, toolchain: String = ""
  ) throws(GradeError) {
    self.lesson = lesson
    self.pristine = pristine
    let starter = workbook.starterFolder(of: lesson)
    let solution = workbook.solutionFolder(of: lesson)
    let owned = Set(lesson.ownedFiles)
    let lessonPath = WorkbookPath.lesson(lesson)
    let isOwnCheckout = learnerFolder.standardizedFileURL.path == starter.standardizedFileURL.path
    handedOut = isOwnCheckout ? .git(workbook: workbook.root, lessonPath: lessonPath.relative) : .folder(starter)

    // The learner's module: canonical sources, then the learner's own files.
    let sources = Lesson.sourcesFolder
    for name in swiftFiles(in: starter.appending(path: sources)) where !owned.contains("\(sources)/\(name)") {
      module.add(name, try canonical(starter.appending(path: "\(sources)/\(name)"), workbook), shownAs: lessonPath.appending("\(sources)/\(name)").relative)
    }
    for task in lesson.tasks {
      for file in task.files where file.hasPrefix(sources + "/") {
        let name = String(file.dropFirst(sources.count + 1))
        switch OwnedFile.read(file, in: learnerFolder) {
        case .success(let data):
          module.add(name, data, shownAs: lessonPath.appending(file).relative)
        case .failure(let rejection):
          rejected[task.number, default: []].append(RejectedFile(path: lessonPath.appending(file), rejection: rejection))
          // The handed-out file stands in, so the lesson's other tasks still compile.
          if !isOwnCheckout, let handedOut = try? Data(contentsOf: starter.appending(path: file)) {
            module.add(name, handedOut, shownAs: "\(lessonPath)/\(file)")
          }
        }
      }
    }
    let canonicalFolder = workbook.canonicalTestFolder(of: lesson)
    for name in swiftFiles(in: canonicalFolder) {
      canonicalTests.add(name, try canonical(canonicalFolder.appending(path: name), workbook), shownAs: WorkbookPath.canonicalTests(lesson).appending(name).relative)
    }

    // Each compiler-graded task's misuses, as handed out.
    for task in lesson.tasks {
      guard case .compiles(let spec) = task.kind else { continue }
      for misuse in spec.misuses {
        let name = String(misuse.file.split(separator: "/").last ?? "")
        misuses.add(name, try canonical(starter.appending(path: misuse.file), workbook), shownAs: lessonPath.appending(misuse.file).relative)
      }
    }

    // Each write-tests task: the learner's tests, and the variants they run against.
    let testsFolder = Lesson.testsFolder
    let helpers = swiftFiles(in: starter.appending(path: testsFolder)).filter { !owned.contains("\(testsFolder)/\($0)") }
    // A mutants file that does not read leaves the mutants out, as a stale one does: the
    // learner is still graded on the chaffs, and `grade check` says what is wrong.
    let keptMutants: Result<KeptMutants?, GradeError> = Result { () throws(GradeError) in try KeptMutants.load(lesson, in: workbook) }
    let written = Set(lesson.tasks.flatMap(\.sourceNames))
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind else { continue }
      var tests = Sources()
      for name in helpers {
        tests.add(name, try canonical(starter.appending(path: "\(testsFolder)/\(name)"), workbook), shownAs: lessonPath.appending("\(testsFolder)/\(name)").relative)
      }
      for file in task.files {
        switch OwnedFile.read(file, in: learnerFolder) {
        case .success(let data):
          tests.add(String(file.split(separator: "/").last ?? ""), data, shownAs: lessonPath.appending(file).relative)
        case .failure(let rejection):
          rejected[task.number, default: []].append(RejectedFile(path: lessonPath.appending(file), rejection: rejection))
        }
      }
      learnerTests[task.number] = tests

      let solutionSources = solution.appending(path: sources)
      guard FileManager.default.fileExists(atPath: solutionSources.path) else {
        // A released copy: the variants come compiled, if they were built for this machine.
        switch ReleasedVariants.lookup(in: workbook.root, lesson: lesson, task: task.number, toolchain: toolchain) {
        case .success(let folders) where folders.count == spec.variants(of: task.number).count:
          // A released copy names no variant: its folders are in the order the catalog gives them.
          variants[task.number] = zip(spec.variants(of: task.number), folders).map { Variant(id: $0, sources: Sources(), prebuilt: $1) }
            + ReleasedVariants.mutants(in: workbook.root, lesson: lesson, task: task.number, toolchain: toolchain)
        case .success:
          unavailable[task.number] = .releasedWithOtherBugs
        case .failure(let missing):
          unavailable[task.number] = missing
        }
        continue
      }
      // The solution's sources, and every other variant as the solution with some files replaced.
      var solutionFiles = Sources()
      variants[task.number] = try spec.variants(of: task.number).map { id throws(GradeError) in
        var sources = solutionFiles
        let folder = WorkbookPath.variant(id, of: lesson)
        for name in swiftFiles(in: folder.url(in: workbook.root)) {
          sources.add(name, try trusted(folder.appending(name).url(in: workbook.root)), shownAs: folder.appending(name).relative)
        }
        if case .solution = id.role { solutionFiles = sources }
        return Variant(id: id, sources: sources)
      }
      // The kept mutants, all in one program switched at run time.
      if case .failure(let error) = keptMutants {
        staleMutants[task.number] = error.message
      } else if case .success(let file) = keptMutants, let kept = file?.task(task.number) {
        if let stale = kept.staleness(against: solutionFiles.files) {
          staleMutants[task.number] = stale
        } else {
          variants[task.number, default: []] += kept.variants(solution: solutionFiles, lesson: lesson, written: written)
        }
      }
    }
  }

  /// A plan with nothing in it, for running a binary the grader built itself (`check-setup`).
  package static func empty(workbook: Workbook) throws(GradeError) -> WorkspacePlan {
    let lesson = Lesson(number: 0, slug: "setup", title: "Setup", module: "Probe", tasks: [])
    return try WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: workbook.root)
  }

  /// Whether the lesson has compiler-graded tasks, whose module is compiled in Swift 6 mode
  /// first and, if that fails, in Swift 5 mode for the lesson's other tasks.
  public var gradesConcurrency: Bool {
    lesson.tasks.contains { if case .compiles = $0.kind { true } else { false } }
  }

  /// A canonical file: git's handed-out version when the learner edited it, else the workbook's.
  private func canonical(_ source: URL, _ workbook: Workbook) throws(GradeError) -> Data {
    let prefix = workbook.root.path + "/"
    if source.path.hasPrefix(prefix), let handedOut = pristine.contents[String(source.path.dropFirst(prefix.count))] {
      return handedOut
    }
    return try trusted(source)
  }

  /// A file of the workbook's own.
  private func trusted(_ source: URL) throws(GradeError) -> Data {
    guard let data = try? Data(contentsOf: source) else {
      throw .infrastructure("cannot read \(source.path); the workbook looks incomplete (git status shows what changed)")
    }
    return data
  }

  /// Every input of the plan, for the result cache's key.
  package var fingerprintInputs: [(String, Data)] {
    var inputs: [(String, Data)] = []
    func add(_ label: String, _ sources: Sources) {
      for name in sources.files.keys.sorted() { inputs.append(("\(label)/\(name)", sources.files[name]!)) }
    }
    add("module", module)
    add("canonical-tests", canonicalTests)
    add("misuses", misuses)
    for (task, tests) in learnerTests.sorted(by: { $0.key < $1.key }) { add("task\(task)", tests) }
    for (_, list) in variants.sorted(by: { $0.key < $1.key }) {
      for variant in list {
        add("\(variant.id)", variant.sources)
        if let prebuilt = variant.prebuilt { inputs.append(("\(variant.id)-prebuilt", Data(prebuilt.path.utf8))) }
      }
    }
    for (task, files) in rejected.sorted(by: { $0.key < $1.key }) {
      for file in files { inputs.append(("rejected\(task)", Data("\(file.path): \(file.rejection)".utf8))) }
    }
    for (task, reason) in unavailable.sorted(by: { $0.key < $1.key }) { inputs.append(("unavailable\(task)", Data("\(reason)".utf8))) }
    return inputs
  }
}

/// The `.swift` files directly in a folder, sorted; none when the folder does not exist.
package func swiftFiles(in folder: URL) -> [String] {
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
  return names.filter { $0.hasSuffix(".swift") }.sorted()
}
