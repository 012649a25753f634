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
  /// `folder`; whether every one was written.
  private func writeLyingFiles(of task: LessonTask, in lesson: Lesson, lying witnesses: [LyingWitnesses.Witness], to folder: URL) -> Bool {
    let solution = workbook.solutionFolder(of: lesson)
    try? FileManager.default.removeItem(at: folder)
    for file in task.files where file.hasPrefix(Lesson.sourcesFolder + "/") {
      guard let source = try? String(contentsOf: solution.appending(path: file), encoding: .utf8) else { return false }
      let target = folder.appending(path: file)
      guard (try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil,
        (try? Data(LyingWitnesses.lie(source, about: witnesses).utf8).write(to: target)) != nil
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
