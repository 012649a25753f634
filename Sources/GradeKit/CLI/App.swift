import Foundation

/// The grader's front end: runs one command and returns the exit status.
///
/// Everything it prints goes through `write` and `writeError`, so tests can
/// capture whole runs.
public struct App: Sendable {
  /// Exit statuses.
  public enum Exit {
    /// Every graded lesson passes.
    public static let passed: Int32 = 0
    /// Some graded lesson fails.
    public static let failed: Int32 = 1
    /// The command line was wrong or something around the lessons broke.
    public static let error: Int32 = 2
  }

  /// The folder to look for the workbook from.
  public var currentFolder: URL
  /// The environment, for `NO_COLOR`.
  public var environment: [String: String]
  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool
  /// Writes to standard output.
  public var write: @Sendable (String) -> Void
  /// Writes to standard error.
  public var writeError: @Sendable (String) -> Void
  /// Reads a line of standard input, or `nil` at its end; `nil` when input is not a terminal.
  public var readLine: @Sendable () -> String?

  /// Creates an app.
  public init(
    currentFolder: URL, environment: [String: String], outputIsTerminal: Bool,
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    readLine: @escaping @Sendable () -> String? = { nil }
  ) {
    self.readLine = readLine
    self.currentFolder = currentFolder
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.write = write
    self.writeError = writeError
  }

  /// Runs the command in `arguments` (without the program name).
  public func run(_ arguments: [String]) -> Int32 {
    do {
      let command = try Command.parse(arguments)
      switch command {
      case .help:
        write(Command.usage)
        return Exit.passed
      case .list:
        return list(try loadWorkbook())
      case .hint(let name):
        return try hint(name, workbook: try loadWorkbook())
      case .grade(let names, let options):
        return try grade(names, options: options, workbook: try loadWorkbook())
      case .gradeClass(let submissions, let names, let report, let options):
        return try gradeClass(submissions, names, report: report, options: options, workbook: try loadWorkbook())
      case .release(let destination):
        let workbook = try loadWorkbook()
        let target = URL(fileURLWithPath: destination, relativeTo: currentFolder).standardizedFileURL
        let count = try Release.write(from: workbook.root, to: target)
        write("Wrote a student copy of \(count) files to \(target.path), without Solutions/.")
        write("In it, tasks where students write tests say that you grade them: run swift run grade class on their hand-ins in this copy, which has Solutions/.")
        return Exit.passed
      case .present(let name, let step):
        return try present(name, step: step, workbook: try loadWorkbook())
      case .reset(let name, let task), .solve(let name, let task):
        let workbook = try loadWorkbook()
        guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
        let files = LearnerFiles(workbook: workbook)
        let isReset = if case .reset = command { true } else { false }
        let change = isReset ? try files.reset(lesson, task: task) : try files.solve(lesson, task: task)
        write((isReset ? "Put the starter back in:" : "Copied the solution into:") + "\n" + change.files.map { "  " + $0 }.joined(separator: "\n"))
        write("Your previous versions are in \(change.backup)/.")
        return Exit.passed
      case .check(let names, let options):
        let workbook = try loadWorkbook()
        let checker = Checker(workbook: workbook, grader: grader(workbook, options), progress: writeError)
        let breaches = checker.run(lessons: try resolve(names, in: workbook))
        write(checker.report(breaches))
        return breaches.isEmpty ? Exit.passed : Exit.failed
      }
    } catch {
      writeError("grade: \(error.message)")
      return Exit.error
    }
  }

  private func loadWorkbook() throws(GradeError) -> Workbook {
    guard let root = Workbook.find(from: currentFolder) else {
      throw .usage("no workbook found in \(currentFolder.path) or above it. Run grade from the workbook's folder (the one with Package.swift and Lessons/).")
    }
    return try Workbook.load(at: root)
  }

  private func grader(_ workbook: Workbook, _ options: Command.Options) -> Grader {
    Grader(workbook: workbook, timeout: .seconds(options.timeoutSeconds), useCache: options.useCache)
  }

  private func style(_ options: Command.Options) -> Style {
    switch options.color {
    case .always: Style(colored: true)
    case .never: Style(colored: false)
    case .auto: Style(colored: outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb")
    }
  }

  /// Resolves lesson names, or every lesson when there are none.
  func resolve(_ names: [String], in workbook: Workbook) throws(GradeError) -> [Lesson] {
    guard !names.isEmpty else { return workbook.catalog.lessons }
    var lessons: [Lesson] = []
    for name in names {
      guard let lesson = workbook.catalog.lesson(named: name) else {
        throw .usage("there is no lesson \"\(name)\". The lessons are:\n" + lessonList(workbook))
      }
      lessons.append(lesson)
    }
    return lessons
  }

  private func lessonList(_ workbook: Workbook) -> String {
    workbook.catalog.lessons.map { "  \($0.number)  \($0.slug)  \($0.title)" }.joined(separator: "\n")
  }

  private func list(_ workbook: Workbook) -> Int32 {
    write(lessonList(workbook))
    return Exit.passed
  }

  private func grade(_ names: [String], options: Command.Options, workbook: Workbook) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let grader = grader(workbook, options)
    let hints = HintStore(url: workbook.stateFolder.appending(path: "hints.json"))
    var results: [(Lesson, LessonResult)] = []
    for lesson in lessons {
      if options.format == .text {
        writeError("Grading lesson \(lesson.number) (\(lesson.slug))...")
      }
      let result = grader.grade(lesson, learnerFolder: workbook.starterFolder(of: lesson), restoreCanonicalFiles: true)
      results.append((lesson, result))
    }

    switch options.format {
    case .json:
      write(ResultsJSON.encode(results))
    case .text:
      let renderer = FeedbackRenderer(style: style(options))
      if names.isEmpty {
        write(renderer.overview(results))
        write("")
      }
      // Full feedback: every lesson named, or the first unfinished one of the overview.
      let detailed = names.isEmpty ? Array(results.filter { !$0.1.passed }.prefix(1)) : results
      for (lesson, result) in detailed {
        write(renderer.lesson(lesson, result, hintLevels: hints.levels(for: lesson)))
      }
      if names.isEmpty && detailed.isEmpty {
        write("Every lesson is done. Well tested!")
      }
    }
    if results.contains(where: { $0.1.lessonError != nil || $0.1.tasks.contains { $0.findings.contains(where: \.isInfrastructure) } }) {
      return Exit.error
    }
    return results.allSatisfy { $0.1.passed } ? Exit.passed : Exit.failed
  }

  private func gradeClass(
    _ submissions: String, _ names: [String], report: String?, options: Command.Options, workbook: Workbook
  ) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let folder = URL(fileURLWithPath: submissions, relativeTo: currentFolder).standardizedFileURL
    let graded = try ClassGrader(grader: grader(workbook, options), progress: writeError).grade(submissions: folder, lessons: lessons)
    switch options.format {
    case .json:
      write("[" + graded.map { "{\"student\": \(jsonString($0.student)), \"results\": \(ResultsJSON.encode($0.results))}" }.joined(separator: ",\n") + "]")
    case .text:
      write(Gradebook.table(graded, lessons: lessons))
    }
    if let report {
      let out = URL(fileURLWithPath: report, relativeTo: currentFolder).standardizedFileURL
      try Gradebook.write(graded, to: out)
      writeError("Wrote \(out.path)/gradebook.csv, feedback/ and results/.")
    }
    let broken = graded.flatMap(\.results).contains { $0.1.tasks.contains { $0.findings.contains(where: \.isInfrastructure) } }
    return broken ? Exit.error : Exit.passed
  }

  private func present(_ name: String, step: Int?, workbook: Workbook) throws(GradeError) -> Int32 {
    guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
    let readme = workbook.starterFolder(of: lesson).appending(path: "README.md")
    guard let text = try? String(contentsOf: readme, encoding: .utf8) else {
      throw .infrastructure("Lessons/\(lesson.folder)/README.md is missing")
    }
    let presentation = Presentation(markdown: text)
    let style = self.style(Command.Options())
    guard !presentation.steps.isEmpty else { throw .infrastructure("the walkthrough has no sections to present") }
    if let step {
      guard step <= presentation.steps.count else {
        throw .usage("lesson \(lesson.number) has steps 1 to \(presentation.steps.count), not \(step)")
      }
      write(presentation.render(step: step - 1, lesson: lesson, style: style))
      return Exit.passed
    }
    var index = 0
    write(presentation.render(step: 0, lesson: lesson, style: style))
    while true {
      write(style.dim(Presentation.keys))
      guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else {
        // No terminal to answer: print the rest, as a handout.
        for next in (index + 1)..<presentation.steps.count { write(presentation.render(step: next, lesson: lesson, style: style)) }
        return Exit.passed
      }
      switch line {
      case "q": return Exit.passed
      case "b": index = max(0, index - 1)
      case "r":
        let result = grader(workbook, Command.Options()).grade(lesson, learnerFolder: workbook.starterFolder(of: lesson))
        write(FeedbackRenderer(style: style).lesson(lesson, result))
        continue
      case let command where command.hasPrefix("s"):
        let number = Int(command.dropFirst().trimmingCharacters(in: .whitespaces)) ?? 1
        write(try solutionDiff(lesson, task: number, workbook: workbook))
        continue
      case let number where Int(number) != nil:
        index = min(max(Int(number)! - 1, 0), presentation.steps.count - 1)
      default:
        guard index + 1 < presentation.steps.count else {
          write("That was the last step.")
          return Exit.passed
        }
        index += 1
      }
      write(presentation.render(step: index, lesson: lesson, style: style))
    }
  }

  /// The starter-to-solution diff of a task's files, for a presenter to show.
  private func solutionDiff(_ lesson: Lesson, task number: Int, workbook: Workbook) throws(GradeError) -> String {
    let files = try LearnerFiles(workbook: workbook).ownedFiles(of: lesson, task: number)
    var out: [String] = []
    for file in files {
      let solution = "Solutions/" + file.dropFirst("Lessons/".count)
      let diff = try ProcessRunner().run(["diff", "-u", file, solution], in: workbook.root, until: .now + .seconds(30))
      out.append(diff.output.isEmpty ? "\(file): the same as the solution" : diff.output)
    }
    return out.joined(separator: "\n")
  }

  private func hint(_ name: String, workbook: Workbook) throws(GradeError) -> Int32 {
    guard let lesson = try resolve([name], in: workbook).first else { return Exit.error }
    // The last grading says which task is unfinished; without one, start at task 1.
    let last = ResultCache.latest(in: workbook.stateFolder.appending(path: "sandboxes/learner/\(lesson.folder)/.build/grade-result.json"))
    let unfinished = lesson.tasks.first { task in last?.tasks.first { $0.taskNumber == task.number }?.status != .pass }
    guard let task = unfinished else {
      write("Every task of lesson \(lesson.number) passes. No hints needed.")
      return Exit.passed
    }
    let hints = HintStore(url: workbook.stateFolder.appending(path: "hints.json"))
    let level = hints.advance(task, in: lesson)
    let renderer = FeedbackRenderer(style: style(Command.Options()))
    write("Lesson \(lesson.number), task \(task.number): \(task.title)")
    write(renderer.hint(for: task, level: level) ?? "This task has no hints.")
    if level >= task.hints.count {
      write("That is the last hint. The walkthrough, Lessons/\(lesson.folder)/README.md, works through an example like this one.")
    } else {
      write("Run it again for the next hint.")
    }
    return Exit.passed
  }
}

extension Finding {
  /// Whether the finding is the grader's or the workbook's problem rather than the learner's.
  var isInfrastructure: Bool {
    switch self {
    case .infrastructure, .noCanonicalTests: true
    default: false
    }
  }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
  let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
  return String(decoding: data, as: UTF8.self)
}
