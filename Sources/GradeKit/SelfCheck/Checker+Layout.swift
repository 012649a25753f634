import Foundation
import GradeBuild
import GradeCatalog
import GradeFeedback
import GradeProcesses

extension Checker {
  /// Proves every program of each write-tests task (the solution's, each wheat's, chaff's and
  /// the kept mutants') is laid out alike: each loaded section starts at the same address, and
  /// the lesson module's type metadata and nominal type descriptors sit at the same addresses
  /// (`ProgramLayout`).
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
      progress("  not checked on this machine: the programs' layout (only ELF programs are laid out by plan); grade check on Linux checks it")
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

  /// Each program of task `number` laid out unlike the solution's, read from the programs
  /// `built` holds for `variants` (`Checker.layoutBreaches(of:solution:programs:lesson:)`).
  private func layoutBreaches(of number: Int, variants: [VariantID], in built: Workspace.Built, lesson: Lesson) -> [Breach] {
    guard let solution = built.program(for: .solution(of: number)) else { return [] }
    guard let expected = ProgramLayout(of: solution, module: lesson.module, spawner: grader.spawner) else {
      return [Breach(lesson: lesson.number, "task \(number): the layout of the solution's program cannot be read")]
    }
    var breaches: [Breach] = []
    var compared: Set<URL> = [solution]
    var layouts: [(variant: VariantID, layout: ProgramLayout)] = []
    for variant in variants {
      // The kept mutants share one program: it is compared once.
      guard let program = built.program(for: variant), compared.insert(program).inserted else { continue }
      guard let layout = ProgramLayout(of: program, module: lesson.module, spawner: grader.spawner) else {
        breaches.append(Breach(lesson: lesson.number, "task \(number): the layout of \(variant.words)'s program cannot be read"))
        continue
      }
      layouts.append((variant, layout))
    }
    return breaches + Self.layoutBreaches(of: number, solution: expected, programs: layouts, lesson: lesson.number)
  }

  /// Each of `programs` of task `number` laid out unlike `solution`, with how it differs.
  ///
  /// Every program of a task is laid out alike by construction (`SectionPlan`): each loaded
  /// section starts where the solution's does, and each of the module's type metadata and
  /// descriptors sits where the solution has it. Any difference is a breach, whatever the
  /// program is: a chaff or a mutant laid out otherwise could be told from the correct code by
  /// an address, and a correct version laid out otherwise shows a learner a number the
  /// solution does not.
  static func layoutBreaches(of number: Int, solution: ProgramLayout, programs: [(variant: VariantID, layout: ProgramLayout)], lesson: Int) -> [Breach] {
    programs.compactMap { variant, layout in
      let differences = layout.differences(from: solution)
      guard !differences.isEmpty else { return nil }
      let words = differences.prefix(3).joined(separator: "; ") + (differences.count > 3 ? "; and \(differences.count - 3) more" : "")
      return Breach(
        lesson: lesson,
        "task \(number): \(variant.words)'s program is laid out unlike the solution's, so a test could tell them apart by an address: \(words)")
    }
  }
}
