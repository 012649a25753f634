import GradeCatalog
import GradeEvents

/// Checks that the catalog and the lesson files agree, without building anything.
public enum CatalogValidator {
  /// Every breach of the lesson format (see CONTRIBUTING.md) in `catalog` against `tree`.
  public static func validate(_ catalog: Catalog, tree: FileTree) -> [Breach] {
    var breaches: [Breach] = []
    if catalog.lessons.isEmpty { breaches.append(Breach(lesson: nil, "the catalog has no lessons")) }
    for (key, label) in [(\Lesson.slug, "slug"), (\Lesson.module, "module")] {
      let values = catalog.lessons.map { $0[keyPath: key] }
      for value in Set(values) where values.filter({ $0 == value }).count > 1 {
        breaches.append(Breach(lesson: nil, "two lessons share the \(label) \"\(value)\""))
      }
    }
    for lesson in catalog.lessons {
      breaches += validate(lesson, tree: tree)
    }
    return breaches
  }

  /// Every breach of one lesson.
  public static func validate(_ lesson: Lesson, tree: FileTree) -> [Breach] {
    var breaches: [Breach] = []
    func breach(_ message: String) { breaches.append(Breach(lesson: lesson.number, message)) }
    let starter = WorkbookPath.lesson(lesson).relative
    let solution = WorkbookPath.solution(lesson).relative

    let readme = WorkbookPath.readme(lesson).relative
    let starterSources = WorkbookPath.file(Lesson.sourcesFolder, of: lesson).relative
    let sources = WorkbookPath.solutionSources(lesson).relative
    if !tree.contains(readme) { breach("\(readme), the walkthrough, is missing") }
    if tree.names(in: starterSources).isEmpty { breach("\(starterSources) has no Swift files") }
    if lesson.tasks.isEmpty { breach("it has no tasks") }

    let owned = lesson.ownedFiles
    for file in Set(owned) where owned.filter({ $0 == file }).count > 1 {
      breach("two tasks own \(file); each file belongs to one task")
    }

    for task in lesson.tasks {
      func taskBreach(_ message: String) { breach("task \(task.number): \(message)") }
      if let sanitizer = task.declaredSanitizer, sanitizer != "thread" {
        taskBreach("sanitize is \"\(sanitizer)\"; the grader knows \"thread\"")
      }
      if task.hints.count < 2 { taskBreach("needs at least two hints (a nudge, then a pointer), has \(task.hints.count)") }
      if task.hints.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) { taskBreach("has an empty hint") }
      if task.files.isEmpty { taskBreach("owns no files") }
      if case .writeTests(let spec) = task.kind, spec.timingHints < 0 || spec.timingHints >= task.hints.count {
        taskBreach("timingHints is \(spec.timingHints); it skips the first hints, so it must be from 0 to one less than the \(task.hints.count) hints")
      }
      if let last = task.hints.last, task.hints.count >= 2 {
        let files = task.files.compactMap { file in tree.text("\(solution)/\(file)").map { ("\(solution)/\(file)", $0) } }
        for leak in HintLadderRule.leakedLines(in: last, solutionFiles: files) {
          taskBreach("the last hint holds line \(leak.line) of \(leak.path) whole (\"\(leak.code)\"); show the shape of the code, not a line to paste")
        }
      }
      for file in task.files {
        if !tree.contains("\(starter)/\(file)") { taskBreach("\(starter)/\(file) is missing") }
        if !tree.contains("\(solution)/\(file)") { taskBreach("\(solution)/\(file) is missing") }
        if let text = tree.text("\(starter)/\(file)"), !text.contains("// TODO:") {
          taskBreach("\(starter)/\(file) has no // TODO: to say what to change")
        }
      }
      switch task.kind {
      case .implement(let tests):
        if tests.isEmpty { taskBreach("names no tests") }
        for file in task.files where !file.hasPrefix(Lesson.sourcesFolder + "/") {
          taskBreach("an implement task owns files in Sources/, not \(file)")
        }
      case .compiles(let spec):
        for file in task.files where !file.hasPrefix(Lesson.sourcesFolder + "/") {
          taskBreach("a compiles task owns files in Sources/, not \(file)")
        }
        for misuse in spec.misuses {
          for root in [starter, solution] {
            guard let text = tree.text("\(root)/\(misuse.file)") else {
              taskBreach("\(root)/\(misuse.file) is missing")
              continue
            }
            if !text.contains("// misuse") { taskBreach("\(root)/\(misuse.file) marks no line with // misuse") }
          }
          if tree.files["\(starter)/\(misuse.file)"] != tree.files["\(solution)/\(misuse.file)"] {
            taskBreach("\(misuse.file) differs between \(starter) and \(solution); a misuse is canonical")
          }
          if spec.explanations[misuse.group] == nil { taskBreach("explains no diagnostic group \(misuse.group)") }
        }
      case .unknown(let kind):
        taskBreach("unknown kind \"\(kind)\"; the grader knows \(LessonTask.knownKinds.sorted().joined(separator: ", "))")
      case .writeTests(let spec):
        for file in task.files where !file.hasPrefix(Lesson.testsFolder + "/") {
          taskBreach("a write-tests task owns files in Tests/, not \(file)")
        }
        if spec.chaffs.isEmpty { taskBreach("has no chaffs to catch") }
        let names = spec.chaffs.map(\.name)
        for name in Set(names) where names.filter({ $0 == name }).count > 1 { taskBreach("names chaff \(name) twice") }
        for chaff in spec.chaffs {
          if chaff.misconception.trimmingCharacters(in: .whitespaces).isEmpty { taskBreach("chaff \(chaff.name) has no misconception") }
          if let problem = Self.completesCodeThat(chaff.misconception) { taskBreach("chaff \(chaff.name): \(problem)") }
          let folder = WorkbookPath.variant(VariantID(task: task.number, role: .chaff(chaff)), of: lesson).relative
          let files = tree.names(in: folder)
          if files.isEmpty { taskBreach("chaff \(chaff.name) has no files in \(folder)") }
          for file in files {
            guard let original = tree.files["\(sources)/\(file)"] else {
              taskBreach("\(folder)/\(file) replaces no file in \(sources)")
              continue
            }
            if original == tree.files["\(folder)/\(file)"] { taskBreach("\(folder)/\(file) is identical to the solution: it holds no bug") }
            if let problem = Self.promisesDiffer(Lesson.sourcesFolder + "/" + file, owned: owned, tree: tree, starter: starter, solution: solution) {
              taskBreach("chaff \(chaff.name) replaces \(problem)")
            }
          }
        }
      }
    }

    // Every other wheat replaces some of the solution's sources, differs from it, and comes with
    // the over-specified test it exists to catch: a copy of the task's test file with that test in.
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind else { continue }
      func taskBreach(_ message: String) { breach("task \(task.number): \(message)") }
      let names = spec.wheats.map(\.name)
      for name in Set(names) where names.filter({ $0 == name }).count > 1 { taskBreach("names wheat \(name) twice") }
      for wheat in spec.wheats {
        if let problem = Self.completesCodeThat(wheat.description) { taskBreach("wheat \(wheat.name): \(problem)") }
        let folder = WorkbookPath.variant(VariantID(task: task.number, role: .wheat(wheat)), of: lesson).relative
        let files = tree.names(in: folder)
        if files.isEmpty { taskBreach("wheat \(wheat.name) has no files in \(folder)") }
        for file in files {
          guard let original = tree.files["\(sources)/\(file)"] else {
            taskBreach("\(folder)/\(file) replaces no file in \(sources)")
            continue
          }
          if original == tree.files["\(folder)/\(file)"] { taskBreach("\(folder)/\(file) is identical to the solution: it uses no freedom") }
          if let problem = Self.promisesDiffer(Lesson.sourcesFolder + "/" + file, owned: owned, tree: tree, starter: starter, solution: solution) {
            taskBreach("wheat \(wheat.name) replaces \(problem)")
          }
        }
        let fixtures = task.files.filter { tree.contains("\(folder)/\($0)") }
        if fixtures.isEmpty {
          taskBreach("wheat \(wheat.name) has no over-specified test: \(folder)/\(task.files.first ?? "Tests/…") should be the task's test file with a test that passes on the solution and fails on this wheat")
        }
      }
      // A timing wheat is a correct implementation too, one that uses the freedom of when things happen.
      let alternatives = spec.wheats.count + (spec.flakiness?.timingWheats.count ?? 0)
      if alternatives == 0, spec.wheatsWaived?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
        taskBreach("has no alternative wheat: add one that uses a freedom the contract leaves, or say in wheatsWaived why the contract leaves none")
      }
    }

    // Every fixture without a technique is the task's test file, changed, and names a check the task has.
    for task in lesson.tasks {
      breaches += validateWithout(of: task, in: lesson, tree: tree)
    }
    let fixtures = Set(lesson.tasks.flatMap { $0.without.map(\.name) })
    let withouts = WorkbookPath.withouts(lesson)
    for folder in tree.folders(in: withouts.relative) where !fixtures.contains(folder) {
      breach("\(withouts.appending(folder)) is not named by any task")
    }

    // Every timing wheat is a folder of replacements for canonical sources, named once.
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind, let flakiness = spec.flakiness else { continue }
      if flakiness.runs < 2 { breach("task \(task.number): flakiness needs at least 2 runs, has \(flakiness.runs)") }
      for wheat in flakiness.timingWheats {
        if let problem = Self.completesCodeThat(wheat.description) { breach("task \(task.number): timing wheat \(wheat.name): \(problem)") }
        let folder = WorkbookPath.variant(VariantID(task: task.number, role: .timingWheat(wheat)), of: lesson).relative
        let files = tree.names(in: folder)
        if files.isEmpty { breach("task \(task.number): timing wheat \(wheat.name) has no files in \(folder)") }
        for file in files where tree.files["\(sources)/\(file)"] == nil {
          breach("task \(task.number): \(folder)/\(file) replaces no file in \(sources)")
        }
      }
    }

    // Every chaff folder belongs to a task.
    let declared = Set(lesson.tasks.flatMap { task -> [String] in
      if case .writeTests(let spec) = task.kind { return spec.chaffs.map(\.name) }
      return []
    })
    let chaffs = WorkbookPath.chaffs(lesson)
    for folder in tree.folders(in: chaffs.relative) where !declared.contains(folder) {
      breach("\(chaffs.appending(folder)) is not named by any task")
    }

    // The solution mirrors the starter file for file; files nobody owns are identical.
    for part in [Lesson.sourcesFolder, Lesson.testsFolder] {
      let starterNames = Set(tree.names(in: "\(starter)/\(part)"))
      let solutionNames = Set(tree.names(in: "\(solution)/\(part)"))
      for name in starterNames.subtracting(solutionNames).sorted() { breach("\(solution)/\(part)/\(name) is missing: the solution mirrors the starter file for file") }
      for name in solutionNames.subtracting(starterNames).sorted() { breach("\(starter)/\(part)/\(name) is missing: the solution mirrors the starter file for file") }
      for name in starterNames.intersection(solutionNames).sorted() where !owned.contains("\(part)/\(name)") {
        if tree.files["\(starter)/\(part)/\(name)"] != tree.files["\(solution)/\(part)/\(name)"] {
          breach("\(part)/\(name) is owned by no task, so it must be identical in \(starter) and \(solution)")
        }
      }
    }
    return breaches
  }

  /// Breaches of a task's fixtures without a technique: each a folder of its own holding a changed
  /// copy of one of the task's files, or edits of it (`FixtureEdits`), naming a check the task
  /// has: a write-tests task's chaff, wheat, timing wheat or declared shape, an implement task's
  /// canonical test suite, a compiles task's misuse or stress suite, the compiler's error, a
  /// forbidden promise or a data race report where the task sets them.
  static func validateWithout(of task: LessonTask, in lesson: Lesson, tree: FileTree) -> [Breach] {
    var breaches: [Breach] = []
    func breach(_ message: String) { breaches.append(Breach(lesson: lesson.number, "task \(task.number): \(message)")) }
    let solution = WorkbookPath.solution(lesson).relative
    let names = task.without.map(\.name)
    for name in Set(names) where names.filter({ $0 == name }).count > 1 { breach("names the fixture without \(name) twice") }
    var checks: Set<String> = ["compiles"]
    if task.threadSanitizer { checks.insert("ThreadSanitizer") }
    if !task.views.isEmpty { checks.insert("views") }
    let part: String
    switch task.kind {
    case .writeTests(let spec):
      if spec.minimumCases != nil { checks.insert("minimumCases") }
      if spec.namedCases { checks.insert("namedCases") }
      if spec.flakiness != nil { checks.insert("flakiness") }
      if !spec.tags.isEmpty { checks.insert("tags") }
      if !spec.knownIssues.isEmpty { checks.insert("knownIssues") }
      if !spec.disabled.isEmpty { checks.insert("disabled") }
      if !spec.bugs.isEmpty { checks.insert("bugs") }
      if !spec.forbidden.isEmpty { checks.insert("forbidden") }
      checks.insert("solution")
      checks.formUnion(spec.chaffs.map(\.name) + spec.wheats.map(\.name) + (spec.flakiness?.timingWheats.map(\.name) ?? []))
      part = Lesson.testsFolder
    case .implement(let tests):
      checks.formUnion(tests)
      part = Lesson.sourcesFolder
    case .compiles(let spec):
      if !spec.forbidden.isEmpty { checks.insert("forbidden") }
      checks.formUnion(spec.misuses.map(\.file) + spec.stress)
      part = Lesson.sourcesFolder
    case .unknown:
      if !task.without.isEmpty { breach("names fixtures without a technique; only write-tests, implement and compiles tasks grade them") }
      return breaches
    }
    for fixture in task.without {
      if fixture.technique.trimmingCharacters(in: .whitespaces).isEmpty { breach("the fixture without \(fixture.name) names no technique") }
      for fails in fixture.failing where !checks.contains(fails) {
        let kinds = LessonTask.Without.checkKinds.contains(fails) ? " (the task does not set \(fails))" : ""
        let named = switch task.kind {
        case .writeTests: "chaffs, wheats, timing wheats or shape checks"
        case .compiles: "misuses, stress suites or compiler checks"
        default: "canonical tests"
        }
        breach("the fixture without \(fixture.name) fails \"\(fails)\"\(kinds), which is none of the task's \(named)")
      }
      let folder = WorkbookPath.without(fixture, of: lesson).relative
      let files = tree.names(in: "\(folder)/\(part)").map { "\(part)/\($0)" }
      if files.isEmpty { breach("the fixture without \(fixture.name) has no files in \(folder)/\(part)") }
      for file in files {
        let edited = file.hasSuffix(FixtureEdits.suffix) ? String(file.dropLast(FixtureEdits.suffix.count)) : nil
        guard task.files.contains(edited ?? file) else {
          breach("\(folder)/\(file) \(edited == nil ? "replaces" : "edits") none of the task's files")
          continue
        }
        if let edited {
          if files.contains(edited) { breach("\(folder) holds both \(edited) and its edits: keep one") }
          do {
            let edits = try FixtureEdits(parsing: tree.text("\(folder)/\(file)") ?? "")
            let original = tree.text("\(solution)/\(edited)") ?? ""
            if try edits.applied(to: original) == original { breach("\(folder)/\(file) leaves the solution's file as it is: it takes no technique out") }
          } catch {
            breach("\(folder)/\(file): the edits \(error)")
          }
        } else if tree.files["\(folder)/\(file)"] == tree.files["\(solution)/\(file)"] {
          breach("\(folder)/\(file) is identical to the solution's: it takes no technique out")
        }
      }
    }
    return breaches
  }

  /// Breaches in how canonical tests map to tasks: a test in no task, or in two.
  public static func validateTestOwnership(_ lesson: Lesson, canonicalTestIDs: [String]) -> [Breach] {
    var breaches: [Breach] = []
    for id in canonicalTestIDs {
      let path = TestOutcome.namePath(ofID: id)
      let owners = lesson.tasks.filter { task in
        task.canonicalTestNames.contains { name in
          let wanted = name.split(separator: "/").map(String.init)
          return path.count >= wanted.count && Array(path.prefix(wanted.count)) == wanted
        }
      }
      let name = path.joined(separator: "/")
      if owners.isEmpty {
        breaches.append(Breach(lesson: lesson.number, "canonical test \(name) belongs to no task; add its suite to a task's tests"))
      } else if owners.count > 1 {
        breaches.append(Breach(lesson: lesson.number, "canonical test \(name) belongs to tasks \(owners.map { String($0.number) }.joined(separator: " and ")); it must belong to one"))
      }
    }
    return breaches
  }

  /// Why a chaff or wheat may not replace `file`, or `nil` when it may.
  ///
  /// A variant is built from the solution's sources whoever owns them, so a write-tests task
  /// may test a file an implement task owns (lesson 10 tests the checkout model the learner
  /// extracts). The learner reads that file's promises in the starter, though, and is graded
  /// against the solution's: every doc-comment line of the starter's copy must appear, in
  /// order, in the solution's, which may add its own for private helpers.
  static func promisesDiffer(_ file: String, owned: [String], tree: FileTree, starter: String, solution: String) -> String? {
    guard owned.contains(file) else { return nil }
    func docLines(_ root: String) -> [Substring] {
      (tree.text("\(root)/\(file)") ?? "").split(separator: "\n")
        .map { $0.drop { $0 == " " } }
        .filter { $0.hasPrefix("///") }
    }
    var solutionLines = docLines(solution)[...]
    for line in docLines(starter) {
      guard let found = solutionLines.firstIndex(of: line) else {
        return "\(file), which the learner owns, and the starter promises \"\(line.dropFirst(3).drop { $0 == " " })\" where the solution does not: the learner tests the promises they read in the starter"
      }
      solutionLines = solutionLines[(found + 1)...]
    }
    return nil
  }

  /// Why `text` does not complete the sentence "code that …", or `nil` when it does:
  /// feedback reads "Not caught: code that <text>.", so it starts in lower case and has no full stop.
  static func completesCodeThat(_ text: String) -> String? {
    guard let first = text.first else { return nil }
    if first.isUppercase { return "\"\(text.prefix(30))…\" must complete \"code that …\": start it in lower case" }
    if text.hasSuffix(".") { return "\"…\(text.suffix(30))\" must complete \"code that …\": drop the final full stop" }
    return nil
  }
}
