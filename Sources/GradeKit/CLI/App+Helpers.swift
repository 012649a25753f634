import Foundation
import GradeBuild
import GradeCatalog
import GradeFeedback
import GradeProcesses
import GradeResults

/// What the app offers every command: paths, the workbook and its lessons, a grader, and feedback in words.
extension App {
  /// A path from the command line as a URL: absolute as it is, relative to the current folder otherwise.
  func url(_ path: String) -> URL {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentFolder.appending(path: path)
    return url.standardizedFileURL
  }

  /// The workbook the current folder is in, or a usage error that says where to run grade.
  func loadWorkbook() throws(GradeError) -> Workbook {
    guard let root = Workbook.find(from: currentFolder) else {
      throw .usage("no workbook found in \(currentFolder.path) or above it. Run grade from the workbook's folder (the one with Package.swift and Lessons/).")
    }
    return try Workbook.load(at: root)
  }

  /// A grader with the options' limits and settings, keeping its state in `state` (the
  /// workbook's own by default; `grade class` and `grade autograde` keep theirs outside it).
  func grader(_ workbook: Workbook, _ options: Commands.Options, state: StateFolder? = nil) -> Grader {
    var grader = Grader(workbook: workbook, state: state, limits: options.limits, useCache: options.useCache)
    grader.threadSanitizer = options.threadSanitizer
    // A released copy, which has no solutions, is one whose grades count.
    grader.gradesCount = !workbook.shipsSolutions
    if options.format == .text { grader.progress = writeError }
    return grader
  }

  /// A lesson's feedback, with the hint each unfinished task is at; those hints count as seen,
  /// so that `grade hint` goes on to the next one instead of repeating it. With `shown`, the
  /// screen's first unfinished task is remembered there as the one `grade hint` follows.
  ///
  /// A kept mutant is named by its kind the first time the screen shows it, and exactly once
  /// the learner has seen it named before (`HintStore.exactMutants(in:)`).
  func feedback(_ lesson: Lesson, _ result: LessonResult, renderer: FeedbackRenderer, hints: HintStore, shown: ShownTask?) -> String {
    let levels = hints.levels(for: lesson)
    for task in lesson.tasks where result.lessonError == nil {
      guard let found = result.tasks.first(where: { $0.taskNumber == task.number }), found.status != .pass else { continue }
      hints.markSeen(task, in: lesson, level: max(levels[task.number] ?? 1, found.firstHintNeeded(of: task)))
    }
    shown?.record(lesson, result)
    let exact = hints.exactMutants(in: lesson)
    let text = renderer.lesson(lesson, result, hintLevels: levels, exactMutants: exact)
    let named = renderer.mutantsShown(lesson, result).map { change in
      (change.id, exact.contains(change.id) || !change.hasExactWords ? HintStore.MutantSeen.exactly : .outlined)
    }
    hints.markMutants(Dictionary(named) { max($0, $1) }, in: lesson)
    return text
  }

  /// Starts preparing the lessons after `lesson` in the background, when a learner is at a
  /// terminal (or `GRADE_PREPARE=1` says to; `GRADE_PREPARE=0` never).
  ///
  /// - Parameter first: Lessons graded with untouched tasks left unbuilt, prepared before the rest.
  func prepareAhead(of lesson: Lesson, workbook: Workbook, grader: Grader, first: [Lesson] = []) {
    let asked = environment["GRADE_PREPARE"]
    guard asked == "1" || (asked != "0" && outputIsTerminal) else { return }
    let preparation = Preparation(workbook: workbook, grader: grader)
    let ahead = preparation.ahead(of: lesson)
    preparation.startInBackground(first + ahead.filter { lesson in !first.contains { $0.number == lesson.number } })
  }

  /// Puts results into words, mentioning `Solutions/` only where this copy has it.
  func renderer(_ options: Commands.Options, workbook: Workbook) -> FeedbackRenderer {
    var renderer = FeedbackRenderer(style: style(options))
    renderer.solutionsShipped = workbook.shipsSolutions
    return renderer
  }

  /// Colour or none, as `--color` says; `auto` colours a terminal unless `NO_COLOR` is set or `TERM` is `dumb`.
  func style(_ options: Commands.Options) -> Style {
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

  /// The lessons in aligned columns: number, slug, title; with `progress`, first a mark for
  /// each lesson's last grading (✔ done, ✘ and the tasks done, ? when its files changed since,
  /// blank when never graded) and an arrow at `current`.
  func lessonList(_ workbook: Workbook, progress: Bool = false, current: Lesson? = nil) -> String {
    let width = workbook.catalog.lessons.map(\.slug.count).max() ?? 0
    var anyStale = false
    let lines = workbook.catalog.lessons.map { lesson in
      let number = lesson.number < 10 ? " \(lesson.number)" : "\(lesson.number)"
      var prefix = ""
      if progress {
        let arrow = lesson.number == current?.number ? "▸" : " "
        let mark: String
        switch LastGrading.of(lesson, in: workbook) {
        case nil: mark = "     "
        case let last? where last.isStale:
          // Its old count would read as the files' state; they changed after it.
          anyStale = true
          mark = "?    "
        case let last?: mark = last.result.passed ? "✔    " : "✘ \(last.result.passedCount)/\(lesson.tasks.count)"
        }
        prefix = "\(arrow) \(mark)"
      }
      return "  \(prefix)\(number)  \(lesson.slug.padding(toLength: width, withPad: " ", startingAt: 0))  \(lesson.title)"
    }
    return (lines + (anyStale ? ["  ? your files changed since the lesson's last grading; it is graded again when you go to it"] : []))
      .joined(separator: "\n")
  }

  /// The points file a command names, read against the catalog; a point a task without one.
  func points(_ path: String?, in workbook: Workbook) throws(GradeError) -> Points {
    guard let path else { return Points() }
    return try Points.read(url(path), catalog: workbook.catalog)
  }

  /// Says what a rewrite of the learner's files did (`grade reset`, `grade solve`): `heading`,
  /// each file rewritten, then where the previous versions went.
  func tell(_ change: LearnerFiles.Change, heading: String) {
    write(heading + "\n" + change.files.map { "  " + $0 }.joined(separator: "\n"))
    write(change.backup.map { "Your previous versions are in \($0)/." } ?? "There were no previous versions to keep.")
  }

  /// The diff from the learner's files of a task (or of the lesson) to the solution's.
  func solutionDiff(_ lesson: Lesson, task number: Int?, workbook: Workbook) throws(GradeError) -> String {
    let files = try LearnerFiles(workbook: workbook).ownedFiles(of: lesson, task: number)
    var out: [String] = []
    for file in files {
      let solution = WorkbookPath(file).inSolution!.relative
      let diff = try Spawner().run(["diff", "-u", file, solution], in: workbook.root, until: .now + .seconds(30))
      out.append(diff.output.isEmpty ? "\(file): the same as the solution" : diff.output)
    }
    return out.joined(separator: "\n")
  }
}
