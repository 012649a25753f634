import Foundation
import GradeBuild
import GradeCatalog
import GradeProcesses

/// Writes a student copy of the workbook: everything but the solutions, plus the variants compiled.
///
/// `Solutions/` holds the solutions, the reference tests and the chaffs, so it
/// is left out whole. So that students still get feedback on the tests they
/// write, each write-tests task's wheat and chaffs go in compiled form only
/// (`ReleasedVariants`), and the copy's catalog names each chaff by its place
/// ("chaff-2") instead of its folder, which would say what its bug is. Run it
/// again on another platform, into the same folder, to add that platform.
public enum Release {
  /// The names in `Sources/` of the files an implement or compiles task of `lesson` owns: the code the student writes.
  static func writtenFiles(of lesson: Lesson) -> Set<String> {
    lesson.tasks.reduce(into: []) { names, task in
      switch task.kind {
      case .implement, .compiles: names.formUnion(task.sourceNames)
      default: break
      }
    }
  }

  /// The files the student writes that some variant in `variants` changes: a write-tests task
  /// that tests the solution of a task the student still has to write (lesson 10 task 5).
  static func testedSolutions(of lesson: Lesson, variants: [WorkspacePlan.Variant]) -> Set<String> {
    writtenFiles(of: lesson).filter { name in Set(variants.compactMap { $0.sources.files[name] }).count > 1 }
  }

  /// The starter's version of each file the student writes: a student copy's compiled variants
  /// must not hold the solution of a task the student still has to write, and a write-tests
  /// task's tests never reach code its variants all share but do not test.
  static func handedOutFiles(of lesson: Lesson, workbook: Workbook) -> [String: Data] {
    let sources = workbook.starterFolder(of: lesson).appending(path: Lesson.sourcesFolder)
    return Dictionary(uniqueKeysWithValues: writtenFiles(of: lesson).compactMap { name in
      (try? Data(contentsOf: sources.appending(path: name))).map { (name, $0) }
    })
  }

  /// What a release wrote.
  public struct Summary: Sendable, Equatable {
    /// How many workbook files were copied; 0 when the copy was there already.
    public var files: Int
    /// How many variants were compiled into it.
    public var variants: Int
    /// The platform folder under `Grading/`.
    public var target: String
  }

  /// Copies `grader`'s workbook into `destination`, which must be new, empty, or an earlier release of it.
  /// With `classroom`, the copy also gets `ClassroomWorkflow`, each task worth what `points` gives it.
  public static func write(with grader: Grader, to destination: URL, classroom: Bool = false, points: Points = Points()) throws(GradeError) -> Summary {
    let workbook = grader.workbook
    let manager = FileManager.default
    let existing = (try? manager.contentsOfDirectory(atPath: destination.path)) ?? []
    let isEarlierRelease = existing.contains(ReleasedVariants.folderName) && existing.contains(WorkbookPath.lessons.relative)
    if !existing.isEmpty && !isEarlierRelease {
      throw .usage("\(destination.path) is not empty and is not an earlier release; choose a new folder so nothing in it is overwritten")
    }
    var copied = 0
    if !isEarlierRelease {
      // The grader's own tests go too: their fixtures name bugs a chaff holds.
      copied = try TrackedFiles.copy(from: workbook.root, to: destination, spawner: grader.spawner) { path in
        !path.hasPrefix(WorkbookPath.solutions.relative + "/") && !WorkbookPath.isGraderTest(path)
      }
      do {
        let key = UUID().uuidString + UUID().uuidString
        let keyFile = destination.appending(path: SealedMisconception.keyFile)
        try manager.createDirectory(at: keyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((key + "\n").utf8).write(to: keyFile)
        try Data(anonymizedCatalog(of: workbook, sealingWith: key).utf8).write(to: WorkbookPath.catalog.url(in: destination))
        // The copy's README is a learner's: no instructor's or maintainer's sections, nothing the copy lacks.
        let readme = (try? String(contentsOf: workbook.root.appending(path: "README.md"), encoding: .utf8)) ?? ""
        try Data(learnerReadme(from: readme).utf8).write(to: destination.appending(path: "README.md"))
      } catch {
        throw .infrastructure("cannot write the student copy's catalog to \(destination.path): \(error.localizedDescription)")
      }
    }

    // Each write-tests task's variants, compiled, under names that say nothing.
    let toolchain = Toolchain.version(spawner: grader.spawner)
    let target = ReleasedVariants.targetFolder(platform: ReleasedVariants.platform, toolchain: toolchain)
    let folder = destination.appending(path: "\(ReleasedVariants.folderName)/\(target)")
    try? manager.removeItem(at: folder)
    var compiler = Compiler(spawner: grader.spawner, state: grader.state)
    var manifest = ReleasedVariants.Manifest(platform: ReleasedVariants.platform, toolchain: toolchain, lessons: [:])
    var count = 0
    for lesson in workbook.catalog.lessons {
      let plan = try WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: workbook.starterFolder(of: lesson))
      compiler.moduleFlags = lesson.moduleFlags
      let handedOut = Self.handedOutFiles(of: lesson, workbook: workbook)
      for (task, variants) in plan.variants.sorted(by: { $0.key < $1.key }) {
        var ids: [String] = []
        // A task whose variants hold the solution of a file the student writes in another task
        // ships none: the copy says the instructor grades it, and gives nothing away.
        guard Self.testedSolutions(of: lesson, variants: variants).isEmpty else { continue }
        // The kept mutants share one program: it ships once, with the words of each change.
        // A mutant of a file the student writes would be undone by the handed-out file, so none ships;
        // nor does one built alone (only an exit test kills it), which the shared program does not hold.
        let mutants = variants.compactMap { variant -> MutantChange? in
          if case .mutant(let change) = variant.id.role, change.quoted != nil, change.builtAlone != true { change } else { nil }
        }
        var programs = variants.filter { $0.id.mutantNumber == 0 }.map(\.sources)
        if !mutants.isEmpty, let program = variants.first(where: { $0.id.mutantNumber > 0 })?.sources { programs.append(program) }
        let mutantsIndex = mutants.isEmpty ? nil : programs.count - 1
        var wheat = programs.first
        for (name, data) in handedOut { wheat?.files[name] = data }
        for (index, program) in programs.enumerated() {
          let built: URL
          var sources = program
          for (name, data) in handedOut { sources.files[name] = data }
          // The first program is the wheat; the others are built from its objects, and all are
          // linked from them, so they are laid out alike (`SectionPlan`).
          switch VariantBuild.build(sources, base: wheat, module: lesson.module, state: grader.state, compiler: compiler) {
          case .success(let url): built = url
          case .failure(let error):
            // A compiler-graded task's starter is handed out failing Swift 6 mode on purpose
            // (lesson 7's inbox): with it in place of the solution, the variant is built in
            // Swift 5 mode, as a learner's module with that file is graded.
            var swift5 = compiler
            swift5.moduleFlags += ["-swift-version", "5"]
            guard plan.gradesConcurrency,
              case .success(let url) = VariantBuild.build(sources, module: lesson.module, state: grader.state, compiler: swift5)
            else { throw error }
            built = url
          }
          let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
          let shipped = folder.appending(path: String(id))
          do {
            try manager.createDirectory(at: shipped, withIntermediateDirectories: true)
            try manager.copyItem(at: built.appending(path: Compiler.programName), to: shipped.appending(path: Compiler.programName))
            // Stripped of its symbol table and debug information; the names it exports for the tests stay.
            _ = try? grader.spawner.run(
              ["\(Toolchain.folder())/bin/llvm-objcopy", "--strip-all", shipped.appending(path: Compiler.programName).path],
              until: .now + .seconds(60))
            // Only the wheat's interface is compiled against; a chaff ships its program alone.
            if index == 0 {
              try manager.copyItem(
                at: built.appending(path: "\(lesson.module).swiftmodule"), to: shipped.appending(path: "\(lesson.module).swiftmodule"))
            }
          } catch {
            throw .infrastructure("cannot write \(shipped.path): \(error.localizedDescription)")
          }
          count += 1
          if index == mutantsIndex {
            manifest.mutants = manifest.mutants ?? [:]
            manifest.mutants?[lesson.folder, default: [:]][String(task)] = .init(folder: String(id), changes: mutants)
          } else {
            ids.append(String(id))
          }
        }
        manifest.lessons[lesson.folder, default: [:]][String(task)] = ids
      }
    }
    let workflowText = try classroom ? ClassroomWorkflow.yaml(lessons: workbook.catalog.lessons, points: points) : ""
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(manifest).write(to: folder.appending(path: "manifest.json"))
      try Data(readme.utf8).write(to: destination.appending(path: "\(ReleasedVariants.folderName)/README.md"))
      if classroom {
        let workflow = destination.appending(path: ClassroomWorkflow.path)
        try manager.createDirectory(at: workflow.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(workflowText.utf8).write(to: workflow)
      }
    } catch {
      throw .infrastructure("cannot write \(folder.path)/manifest.json: \(error.localizedDescription)")
    }
    return Summary(files: copied, variants: count, target: target)
  }

  /// The catalog with each chaff's and wheat's folder name replaced by its place, since the name says what it does,
  /// each chaff's misconception sealed with `key` (`SealedMisconception`), so the catalog does not list the bugs,
  /// and no task's fixtures without a technique (`without`).
  static func anonymizedCatalog(of workbook: Workbook, sealingWith key: String) throws -> String {
    let data = try Data(contentsOf: WorkbookPath.catalog.url(in: workbook.root))
    guard var catalog = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      var lessons = catalog["lessons"] as? [[String: Any]]
    else { throw GradeError.infrastructure("\(WorkbookPath.catalog) is not a catalog") }
    for lessonIndex in lessons.indices {
      guard var tasks = lessons[lessonIndex]["tasks"] as? [[String: Any]] else { continue }
      for taskIndex in tasks.indices {
        // The fixtures without a technique live in Solutions/, which a copy leaves out, and each names a chaff it misses.
        tasks[taskIndex]["without"] = nil
        for (field, prefix) in [("chaffs", "chaff"), ("wheats", "wheat")] {
          guard var variants = tasks[taskIndex][field] as? [[String: Any]] else { continue }
          for index in variants.indices {
            variants[index]["name"] = "\(prefix)-\(index + 1)"
            if field == "chaffs", let text = variants[index]["misconception"] as? String,
              workbook.catalog.lessons.indices.contains(lessonIndex), workbook.catalog.lessons[lessonIndex].tasks.indices.contains(taskIndex)
            {
              let lesson = workbook.catalog.lessons[lessonIndex]
              variants[index]["misconception"] = SealedMisconception.seal(
                text, key: key, place: "\(lesson.folder)/\(lesson.tasks[taskIndex].number)/\(index + 1)")
            }
          }
          tasks[taskIndex][field] = variants
        }
      }
      lessons[lessonIndex]["tasks"] = tasks
    }
    catalog["lessons"] = lessons
    let out = try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: out, as: UTF8.self) + "\n"
  }

  /// The sections of the workbook's README a student copy leaves out.
  static let sectionsForOthers: Set<String> = ["Two commands", "Instructors", "Presenters", "Maintainers"]

  /// What in a README speaks of what a copy does not have: the solutions, and the commands that show them.
  static func speaksOfSolutions(_ text: String) -> Bool {
    ["Solutions/", "grade solve", "grade reveal", "GradeKitTests", "Grade[A-Za-z]*Tests", "solution"].contains { text.contains($0) }
  }

  /// The workbook's README as a student copy's: its sections for instructors, presenters and
  /// maintainers left out, and every paragraph, list item or command line that speaks of the
  /// solutions (which the copy does not have: `solve` and `reveal` need them) left out too, then
  /// a section saying what the copy is.
  static func learnerReadme(from readme: String) -> String {
    var sections = readme.components(separatedBy: "\n## ")
    let intro = sections.isEmpty ? "" : sections.removeFirst()
    var kept: [String] = []
    for section in sections {
      let title = String(section.prefix { $0 != "\n" })
      guard !sectionsForOthers.contains(title) else { continue }
      // Blocks: a paragraph, a list item with its continuation lines, or one line of a code block.
      var blocks: [[String]] = []
      var inCode = false
      for line in section.components(separatedBy: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("```") {
          inCode.toggle()
          blocks.append([line])
          continue
        }
        let startsItem = trimmed.hasPrefix("- ") || trimmed.first?.isNumber == true && trimmed.contains(". ")
        if inCode || trimmed.isEmpty || startsItem || blocks.last?.last?.trimmingCharacters(in: .whitespaces).isEmpty != false {
          blocks.append([line])
        } else {
          blocks[blocks.count - 1].append(line)
        }
      }
      kept.append(blocks.filter { !speaksOfSolutions($0.joined(separator: "\n")) }.map { $0.joined(separator: "\n") }.joined(separator: "\n"))
    }
    return ([intro] + kept).joined(separator: "\n## ").trimmingCharacters(in: .whitespacesAndNewlines) + "\n\n" + copySection
  }

  /// What a student copy's README says about the copy.
  static let copySection = """
    ## This copy

    Your instructor made this copy of the workbook with `grade release`. It has no
    solutions. `swift run grade` checks the tests you write against correct and buggy
    versions of the code compiled into `Grading/`, and names the bug a test of yours
    missed only once it misses it. `swift run grade check` checks what a copy can: that
    each lesson's starter compiles and fails every task. `swift run grade reset N [TASK]`
    puts a lesson's (or a task's) starter back, keeping your files in `.grade/backups/`
    first. Your instructor grades what you hand in with their own workbook.

    """

  /// What `Grading/README.md` says to a student who opens the folder.
  static let readme = """
    # Grading

    The code your tests are checked against when you run `swift run grade`:
    for each task where you write tests, a correct version and several
    versions that each hide one bug, compiled for one platform and toolchain
    per folder. There is no source here, and nothing to edit. If `grade` says
    this machine cannot load them, run your tests with `swift test --filter`
    and your instructor grades those tasks.

    """
}
