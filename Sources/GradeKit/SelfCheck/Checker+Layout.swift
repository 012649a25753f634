import Foundation
import GradeBuild
import GradeCatalog
import GradeProcesses

extension Checker {
  /// Proves every chaff's and mutant's program of each write-tests task is laid out as a
  /// correct version's is: each loaded section starts at the same address; and names, as
  /// warnings, each whose lesson module's type metadata and nominal type descriptors sit
  /// elsewhere (`ProgramLayout`).
  ///
  /// A test can compute those addresses with plain safe Swift (`ObjectIdentifier(User.self)`),
  /// so a difference would let a suite that checks nothing tell a wheat from a chaff: learn the
  /// wheat's number from a failing test's feedback, then assert it. The programs are the ones
  /// the solution's grading built, found again in the store, so the rule compiles nothing.
  func checkLayout(of lesson: Lesson) -> [Breach] {
    #if os(Linux)
      return checkProgramLayouts(of: lesson)
    #else
      // Only ELF programs are laid out by plan (`SectionPlan`); a Mach-O program is linked as ld64 lays it out.
      progress("  the programs' layout is compared on Linux only")
      return []
    #endif
  }

  /// `checkLayout` where programs are ELF files.
  private func checkProgramLayouts(of lesson: Lesson) -> [Breach] {
    var breaches: [Breach] = []
    guard let plan = try? WorkspacePlan(workbook: workbook, lesson: lesson, learnerFolder: workbook.solutionFolder(of: lesson)) else {
      return breaches
    }
    let root = grader.state.workspace("check-solution", of: lesson)
    for sanitized in [false, true] {
      let tasks = lesson.tasks.filter { task in
        if case .writeTests = task.kind { task.threadSanitizer == sanitized && plan.variants[task.number] != nil } else { false }
      }
      guard !tasks.isEmpty else { continue }
      let workspace = grader.workspace(root: root, plan: plan, threadSanitizer: sanitized, limits: grader.limits)
      guard (try? workspace.sync(tasks.map { .task($0.number) })) != nil else { continue }
      let built = workspace.build(tasks: tasks.map(\.number))
      for task in tasks {
        guard case .writeTests(let spec) = task.kind else { continue }
        breaches += layoutBreaches(of: task.number, variants: spec.variants(of: task.number) + built.mutants(of: task.number), in: built, lesson: lesson)
      }
    }
    return breaches
  }

  /// Each program of task `number` whose sections a test could tell from every correct
  /// version's, with how it differs from the solution's.
  ///
  /// A suite must pass on every correct version, so an address can catch a bug only when the
  /// bug's program is laid out unlike all of them: a chaff or a mutant laid out like the
  /// solution cannot be told apart. Section starts are fixed by construction (`SectionPlan`),
  /// so a difference there is a breach. Where the module's types sit inside their sections is
  /// not fixed yet for a variant that declares otherwise (a stored property more grows its
  /// type's metadata and descriptor, and moves the types after it): such a chaff or mutant is
  /// named in the progress lines as a warning, to be closed. A wheat of its own laid out
  /// unlike the solution is named there too, and is harmless: a test that asserts the
  /// solution's address fails on it, which is how an over-specified test is caught.
  private func layoutBreaches(of number: Int, variants: [VariantID], in built: Workspace.Built, lesson: Lesson) -> [Breach] {
    guard let solution = built.program(for: .solution(of: number)) else { return [] }
    guard let expected = ProgramLayout(of: solution, module: lesson.module, runner: grader.runner) else {
      return [Breach(lesson: lesson.number, "task \(number): the layout of the solution's program cannot be read")]
    }
    var breaches: [Breach] = []
    var compared: Set<URL> = [solution]
    var layouts: [(variant: VariantID, layout: ProgramLayout)] = []
    for variant in variants {
      // The kept mutants share one program: it is compared once.
      guard let program = built.program(for: variant), compared.insert(program).inserted else { continue }
      guard let layout = ProgramLayout(of: program, module: lesson.module, runner: grader.runner) else {
        breaches.append(Breach(lesson: lesson.number, "task \(number): the layout of \(variant.words)'s program cannot be read"))
        continue
      }
      layouts.append((variant, layout))
    }
    let correct = [expected] + layouts.filter { $0.variant.isCorrect }.map(\.layout)
    func words(_ differences: [String]) -> String {
      differences.prefix(3).joined(separator: "; ") + (differences.count > 3 ? "; and \(differences.count - 3) more" : "")
    }
    for (variant, layout) in layouts where !layout.differences(from: expected).isEmpty {
      if variant.isCorrect {
        progress("  task \(number): \(variant.words) is laid out unlike the solution (\(words(layout.differences(from: expected)))); a correct version, so no test can use it to tell a bug from the correct code")
      } else if !correct.contains(where: { $0.sectionDifferences(from: layout).isEmpty }) {
        breaches.append(Breach(
          lesson: lesson.number,
          "task \(number): \(variant.words)'s sections start elsewhere than every correct version's, so a test could tell them apart by an address: \(words(layout.sectionDifferences(from: expected)))"))
      } else if !correct.contains(where: { $0.differences(from: layout).isEmpty }) {
        progress("  layout warning: task \(number): \(variant.words) has the lesson's types elsewhere than every correct version, so a test could tell them apart by an address: \(words(layout.typeDifferences(from: expected)))")
      }
    }
    return breaches
  }
}
