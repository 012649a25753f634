import Foundation
import GradeBuild
import GradeCatalog
import GradeResults
import GradeRun

/// Turns a lesson's builds and job results into a verdict per task: what the rules on the
/// learner's files say, what the compiler said, and what the tests did.
///
/// Pure: it reads what each job did and the build it ran from (which carries the plan it was
/// built from), and runs nothing.
package struct LessonEvaluator: Sendable {
  /// Whether the grade counts (`Grader.gradesCount`).
  package var gradesCount = false
  /// What the program inside the box could watch in the runs (`RunnerHooks`).
  package var hooks = RunnerHooks.host

  /// Creates an evaluator; `hooks` says what the runs could watch.
  package init(gradesCount: Bool = false, hooks: RunnerHooks = .host) {
    self.gradesCount = gradesCount
    self.hooks = hooks
  }

  /// One task's verdict from the jobs that ran for it, in the build it was graded in.
  package func evaluate(_ task: LessonTask, built: Workspace.Built, results: [JobID: JobResult]) -> TaskResult {
    guard let plan = built.plan else {
      return .one(task.number, check: .gradable, [.infrastructure(.noPlan)])
    }
    return Judging(plan: plan, gradesCount: gradesCount, hooks: hooks).evaluate(task, built: built, results: results)
  }

  /// What the lesson's rules refuse in `task`'s files, and the files that could not be read at all.
  static func refusals(of task: LessonTask, in lesson: Lesson, built: Workspace.Built) -> (refusals: [Refusal], unread: [String]) {
    Judging.refusals(of: task, in: lesson, built: built)
  }
}

/// One grading's judging: the plan its build was made from, and how to show what it finds.
private struct Judging {
  /// What the grading compiled, from where, and what it could not grade.
  var plan: WorkspacePlan
  /// Whether the grade counts.
  var gradesCount: Bool
  /// What the program inside the box could watch in the runs.
  var hooks: RunnerHooks

  /// One task's verdict from the jobs that ran for it, in the build it was graded in.
  func evaluate(_ task: LessonTask, built: Workspace.Built, results: [JobID: JobResult]) -> TaskResult {
    if let reason = plan.unavailable[task.number] {
      return .one(task.number, check: .gradableHere, [.unavailable(reason)])
    }
    if let files = plan.rejected[task.number] {
      return TaskResult(taskNumber: task.number, checks: files.map { file in
        Check(.fileGradable(path: file.path.relative), findings: [.rejectedFile(path: file.path.relative, rejection: file.rejection)])
      })
    }
    let (refusals, unread) = Self.refusals(of: task, in: plan.lesson, built: built)
    if refusals.contains(where: \.blocksRunning) || !unread.isEmpty, !isCompiles(task) {
      // Refused code is never run: the task fails on what the rules found.
      return .one(
        task.number, check: .followsRules, refusals.map(Finding.refused) + unread.map { Finding.unreadable(path: $0) })
    }
    // A design rule the files break fails the task beside whatever else the grading finds.
    guard refusals.isEmpty || isCompiles(task) else {
      var result = evaluate(task, kind: task.kind, built: built, results: results, refusals: [])
      result.checks.insert(Check(.followsRules, findings: refusals.map(Finding.refused)), at: 0)
      return result
    }
    return evaluate(task, kind: task.kind, built: built, results: results, refusals: refusals)
  }

  /// The result of the job `id`, or, when there is none, a run that decides nothing.
  private func jobResult(of id: JobID, in results: [JobID: JobResult]) -> JobResult { results[id] ?? .missing(id) }

  /// A task's verdict by its kind, once the rules on its files are settled.
  private func evaluate(
    _ task: LessonTask, kind: LessonTask.Kind, built: Workspace.Built, results: [JobID: JobResult], refusals: [Refusal]
  ) -> TaskResult {
    switch kind {
    case .implement(let names):
      // The module stands with this task's files as the learner wrote them: its tests ran.
      if built.substitutes.isDisjoint(with: task.sourceNames), built.usable(.canonicalTests) {
        return TaskEvaluator.implement(task, testNames: names, job: jobResult(of: .implement(task: task.number), in: results))
      }
      for part in [Workspace.Part.module, .canonicalTests] {
        if let failure = built.failures[part] {
          return .one(task.number, check: .gradable, [.infrastructure(failure)])
        }
        guard let errors = built.errors[part] else { continue }
        // Each error is shown once, under the task whose file holds it; the lesson's other
        // implement tasks say which file they wait for, with no error and no hint of their own.
        func shown(_ file: String) -> String { WorkbookPath.file(file, of: plan.lesson).relative }
        let mine = errors.filter { error in task.files.contains { shown($0) == error.path } }
        let owner = plan.lesson.tasks.first { other in
          guard case .implement = other.kind else { return false }
          return errors.contains { error in other.files.contains { shown($0) == error.path } }
        } ?? plan.lesson.tasks.first { if case .implement = $0.kind { true } else { false } }
        if !mine.isEmpty || owner?.number == task.number { return compileFailure(task, mine.isEmpty ? errors : mine) }
        let waiting = Array(Set(errors.compactMap(\.path))).sorted()
        return .one(task.number, check: .compiles, [.waitsFor(files: waiting)])
      }
      return TaskEvaluator.implement(task, testNames: names, job: jobResult(of: .implement(task: task.number), in: results))
    case .writeTests(let spec):
      if let errors = built.errors[.task(task.number)] { return compileFailure(task, errors) }
      if let failure = built.failures[.task(task.number)] {
        return .one(task.number, check: .gradable, [.infrastructure(failure)])
      }
      // Each variant's run, found by what the variant is.
      func run(_ role: VariantID.Role) -> JobResult { jobResult(of: .variant(VariantID(task: task.number, role: role)), in: results) }
      let runs = TaskEvaluator.VariantRuns(
        solution: run(.solution), wheats: spec.wheats.map { ($0, run(.wheat($0))) }, chaffs: spec.chaffs.map { ($0, run(.chaff($0))) },
        timingWheats: (spec.flakiness?.timingWheats ?? []).map { ($0, run(.timingWheat($0))) },
        repeated: spec.flakiness == nil ? [] : results.compactMap { id, result in
          if case .repeated(let variant, _) = id, variant == .solution(of: task.number) { result } else { nil }
        },
        mutants: built.mutants(of: task.number).compactMap { id in
          if case .mutant(let change) = id.role { (change, jobResult(of: .variant(id), in: results)) } else { nil }
        },
        // No late-events run was planned where the runner cannot hold events back (`RunnerHooks`).
        lateEvents: spec.waitsForEvents && hooks.watchesWaits ? jobResult(of: .lateEvents(task: task.number), in: results) : nil)
      var result = TaskEvaluator.writeTests(
        task, spec: spec, runs: runs, ownedFiles: Set(task.files.map { String($0.split(separator: "/").last ?? "") }),
        traits: built.surveys[.task(task.number)]?.traits ?? [:], gradesCount: gradesCount)
      // A runner that cannot see a test wait for time had no late-events run to judge: said, not passed over.
      if spec.waitsForEvents, !hooks.watchesWaits { result.notCheckedHere = [.waitsForEvents] }
      return result
    case .compiles(let spec):
      if let failure = built.failures[.module] {
        return .one(task.number, check: .gradable, [.infrastructure(failure)])
      }
      func shown(_ file: String) -> String { WorkbookPath.file(file, of: plan.lesson).relative }
      let owned = task.files.compactMap { file -> (path: String, text: String)? in
        let name = String(file.split(separator: "/").last ?? "")
        return plan.module.files[name].map { (shown(file), String(decoding: $0, as: UTF8.self)) }
      }
      let misuses = spec.misuses.map { misuse -> TaskEvaluator.MisuseCheck in
        let name = String(misuse.file.split(separator: "/").last ?? "")
        let shown = shown(misuse.file)
        return TaskEvaluator.MisuseCheck(
          misuse: misuse, path: shown, source: String(decoding: plan.misuses.files[name] ?? Data(), as: UTF8.self),
          diagnostics: built.misuseMessages[name].map { Diagnostic.errors(in: $0, shownAs: [name: shown]) })
      }
      let othersOwned = Set(plan.lesson.tasks.filter { $0.number != task.number }.flatMap(\.files).map(shown))
      var result = TaskEvaluator.compiles(
        task, spec: spec, owned: owned, othersOwned: othersOwned, refusals: refusals, swift6: built.swift6Diagnostics,
        moduleErrors: built.moduleFolder == nil ? built.errors[.module] : nil, misuses: misuses)
      // Its stress tests, where it has them and its files ran as the learner wrote them.
      if !spec.stress.isEmpty, built.substitutes.isDisjoint(with: task.sourceNames), built.usable(.canonicalTests) {
        let stressed = TaskEvaluator.implement(task, testNames: spec.stress, job: jobResult(of: .implement(task: task.number), in: results))
        result.checks += stressed.checks
      }
      return result
    case .unknown(let kind):
      return .one(task.number, check: .gradable, [.infrastructure(.unknownTaskKind(kind, known: LessonTask.knownKinds.sorted()))])
    }
  }

  /// What the lesson's rules refuse in `task`'s files, and the files that could not be read at all.
  static func refusals(of task: LessonTask, in lesson: Lesson, built: Workspace.Built) -> (refusals: [Refusal], unread: [String]) {
    let paths = Set(task.files.map { WorkbookPath.file($0, of: lesson).relative })
    let surveys = [built.surveys[.module], built.surveys[.task(task.number)]].compactMap { $0 }
    return (
      surveys.flatMap(\.refusals).filter { paths.contains($0.path) },
      surveys.flatMap(\.unread).filter { paths.contains($0) }
    )
  }

  private func isCompiles(_ task: LessonTask) -> Bool {
    if case .compiles = task.kind { true } else { false }
  }

  private func compileFailure(_ task: LessonTask, _ errors: [Diagnostic]) -> TaskResult {
    .one(task.number, check: .compiles, [.compileErrors(errors)])
  }
}
