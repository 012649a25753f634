import Foundation
import GradeCatalog
import GradeResults

extension Checker {
  /// Proves each implement task's canonical tests decide by means the lesson owns, not through
  /// a conformance the learner's file writes (`LyingWitnesses`): the solution, its types'
  /// `description` and `debugDescription` made to lie, still passes the task; and an operator
  /// the task asks for (`"operators"`), made to lie, fails it. Every other operator, and every
  /// member the compiler writes for a conformance, a learner's file of `Sources/` may not
  /// declare at all (`CodeRules.operators`, `CodeRules.witnesses`).
  func checkLyingWitnesses(of lesson: Lesson) -> [Breach] {
    var breaches: [Breach] = []
    for task in lesson.tasks {
      guard case .implement = task.kind else { continue }
      let proofs: [(name: String, witnesses: [LyingWitnesses.Witness], mustPass: Bool, words: String)] =
        [("lying-witnesses", LyingWitnesses.mayWrite, true, "description and debugDescription lying")]
        + task.operators.map { ("lying-\(Self.slug(of: $0))", [LyingWitnesses.asked($0)], false, "the \($0) it asks for always false") }
      for proof in proofs {
        let path = "lies/\(lesson.folder)/\(task.number)-\(proof.name)"
        let fixtures = grader.state.root.appending(path: path + "-files")
        guard writeLyingFiles(of: task, in: lesson, lying: proof.witnesses, to: fixtures),
          let result = grade(task, of: lesson, withFilesFrom: fixtures, at: path, saying: "the solution with \(proof.words)")
        else {
          breaches.append(Breach(lesson: lesson.number, "task \(task.number): the solution with \(proof.words) cannot be written"))
          continue
        }
        if proof.mustPass, result.status != .pass {
          breaches.append(Breach(
            lesson: lesson.number,
            "task \(task.number): the solution with \(proof.words) fails, so a canonical test decides through a conformance the learner's file may write; compare by means the lesson owns (patterns, raw values, fields): \(result.summary(in: lesson, limit: 2))"))
        } else if !proof.mustPass, result.status == .pass {
          breaches.append(Breach(
            lesson: lesson.number, "task \(task.number): the solution with \(proof.words) passes, so no canonical test checks the operator the task asks for"))
        }
      }
    }
    return breaches
  }

  /// Writes the task's files of `Sources/`, from the solution, with `witnesses` lying, into
  /// `folder`; whether every one was written. The first of them also extends the types of the
  /// module's other files with the witnesses a learner's file may write, lying.
  private func writeLyingFiles(of task: LessonTask, in lesson: Lesson, lying witnesses: [LyingWitnesses.Witness], to folder: URL) -> Bool {
    let solution = workbook.solutionFolder(of: lesson)
    try? FileManager.default.removeItem(at: folder)
    let owned = task.files.filter { $0.hasPrefix(Lesson.sourcesFolder + "/") }
    let sources = solution.appending(path: Lesson.sourcesFolder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    let others = names.filter { $0.hasSuffix(".swift") && !owned.contains(Lesson.sourcesFolder + "/" + $0) }.sorted()
      .compactMap { try? String(contentsOf: sources.appending(path: $0), encoding: .utf8) }
    let mayWrite = witnesses.filter { $0.added != nil }
    for (index, file) in owned.enumerated() {
      guard let source = try? String(contentsOf: solution.appending(path: file), encoding: .utf8) else { return false }
      var lying = LyingWitnesses.lie(source, about: witnesses)
      if index == 0 { lying += LyingWitnesses.extensions(lying: mayWrite, forTypesIn: others) }
      let target = folder.appending(path: file)
      guard (try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil,
        (try? Data(lying.utf8).write(to: target)) != nil
      else { return false }
    }
    return true
  }

  /// A folder name for an operator, such as `less-than` for `<`.
  static func slug(of operator: String) -> String {
    let names: [Character: String] = ["<": "less", ">": "greater", "=": "equal", "!": "not", "~": "tilde", "+": "plus", "-": "minus"]
    return `operator`.map { names[$0] ?? "op" }.joined(separator: "-")
  }
}
