import GradeCatalog

/// Which build grades which task of one grading: the plain build, or ThreadSanitizer's for the
/// tasks the catalog marks (or every task, with `--sanitize thread`). The one place that decides.
///
/// A write-tests task so marked has its variants built and its tests run under ThreadSanitizer
/// from the start. An implement task so marked (or a compiler-graded one with stress tests) runs
/// its tests in the plain build first, and under ThreadSanitizer only once they pass there:
/// until then the failures are the feedback, and a sanitized build, with a slow process per
/// crash to name, would only add to every save. A compiler-graded task with no stress tests
/// runs no tests, so it is never sanitized.
package struct FlavourChoice: Equatable {
  /// Tasks whose variants are built under ThreadSanitizer.
  var builtSanitized: Set<Int>
  /// Tasks whose tests run under ThreadSanitizer from the start.
  package var testedSanitized: Set<Int>
  /// Tasks graded by canonical tests that run under ThreadSanitizer once they pass in the plain build.
  package var sanitizedOncePassing: Set<Int>

  /// The choice for `lesson`, whose tasks `tested` run their tests now and `built` have their variants built.
  package init(lesson: Lesson, everyTask: Bool, tested: Set<Int>, built: Set<Int>) {
    let sanitized = Set(lesson.tasks.filter { task in
      if case .compiles(let spec) = task.kind, spec.stress.isEmpty { return false }
      return everyTask || task.threadSanitizer
    }.map(\.number))
    builtSanitized = sanitized.intersection(built)
    testedSanitized = sanitized.intersection(tested)
    sanitizedOncePassing = Set(lesson.tasks.filter { sanitized.contains($0.number) && !$0.canonicalTestNames.isEmpty }.map(\.number))
  }

  /// The builds to make: the plain one always, ThreadSanitizer's when some task's variants need it.
  package var flavoursBuilt: [JobList.Flavour] { builtSanitized.isEmpty ? [.plain] : [.plain, .threadSanitizer] }

  /// Of the tasks `built`, those whose variants `flavour`'s build makes.
  package func tasks(_ built: Set<Int>, builtIn flavour: JobList.Flavour) -> Set<Int> {
    built.filter { builtSanitized.contains($0) == (flavour == .threadSanitizer) }
  }

  /// The build whose runs grade `task` before any task is checked again once passing.
  package func flavour(of task: Int) -> JobList.Flavour { testedSanitized.contains(task) ? .threadSanitizer : .plain }
}
