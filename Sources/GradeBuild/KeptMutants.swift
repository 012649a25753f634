import Foundation
import GradeCatalog
import GradeMutants

/// The mutants each write-tests task of a lesson grades learners' tests against, as
/// `grade mutants LESSON --keep` chose them, and what the author said of the survivors.
///
/// Kept beside the chaffs in `Solutions/NN-slug/mutants.json`: made once by an author, read by
/// every grading, so a grading never runs the compiler to find mutants. Each task records the
/// files its mutants were made from by a hash of their text; a mutant of a file that changed
/// since is stale, and `grade check` says to make them again.
package struct KeptMutants: Codable, Equatable, Sendable {
  /// The file's format.
  var format = 1
  /// Each write-tests task's mutants, by task number.
  package var tasks: [Task]

  /// Creates the file's contents, in the current format.
  package init(tasks: [Task]) {
    self.tasks = tasks
  }

  /// One task's mutants.
  package struct Task: Codable, Equatable, Sendable {
    /// The task's number.
    package var task: Int
    /// Each file of the code under test, by name, with the hash of the text the mutants were made from.
    var files: [String: String]
    /// How many mutants were made.
    package var made: Int
    /// How many of them compiled.
    package var compiled: Int
    /// How many the reference tests killed in every run.
    package var killed: Int
    /// How many runs that was.
    package var runs: Int
    /// The killed mutants a learner's tests must kill: the fewest that kill as much as all.
    package var kept: [Mutant]
    /// The mutants the reference tests do not kill, each with why that is acceptable.
    package var survivors: [Survivor]
    /// How many mutants the reference tests hang on: not kept, since a time limit catches nothing.
    package var hanging = 0

    /// Creates what `grade mutants --keep` stores for task `task`.
    package init(
      task: Int, files: [String: String], made: Int, compiled: Int, killed: Int, runs: Int, kept: [Mutant], survivors: [Survivor],
      hanging: Int = 0
    ) {
      self.task = task
      self.files = files
      self.made = made
      self.compiled = compiled
      self.killed = killed
      self.runs = runs
      self.kept = kept
      self.survivors = survivors
      self.hanging = hanging
    }
  }

  /// A mutant the reference tests do not kill in every run.
  package struct Survivor: Codable, Equatable, Sendable {
    /// The mutant's id.
    package var id: String
    /// The change and where it is, for a reader of the file.
    package var change: String
    /// Why no reference test kills it: equivalent to the code, or a change no doc comment
    /// promises against; empty until the author says, which `grade check` refuses.
    package var why: String

    /// Creates a survivor: its id, its change, and why it may survive.
    package init(id: String, change: String, why: String) {
      self.id = id
      self.change = change
      self.why = why
    }
  }

  /// The hash that names a file's text.
  package static func hash(_ data: Data) -> String { Fingerprint.hex(of: String(decoding: data, as: UTF8.self)) }

  /// The lesson's kept mutants, or `nil` when it has none (or the copy has no `Solutions/`).
  package static func load(_ lesson: Lesson, in workbook: Workbook) throws(GradeError) -> KeptMutants? {
    let url = WorkbookPath.keptMutants(lesson).url(in: workbook.root)
    guard let data = try? Data(contentsOf: url) else { return nil }
    do {
      return try JSONDecoder().decode(KeptMutants.self, from: data)
    } catch {
      throw .infrastructure("cannot read \(WorkbookPath.keptMutants(lesson)): \(error); make it again with swift run grade mutants \(lesson.number) --keep")
    }
  }

  /// Writes the file, pretty-printed with sorted keys so a change reads as a small diff.
  package func write(_ lesson: Lesson, in workbook: Workbook) throws(GradeError) {
    let url = WorkbookPath.keptMutants(lesson).url(in: workbook.root)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try (encoder.encode(self) + Data("\n".utf8)).write(to: url)
    } catch {
      throw .infrastructure("cannot write \(url.path): \(error.localizedDescription)")
    }
  }

  /// The mutants of task `number`, if it has any.
  package func task(_ number: Int) -> Task? { tasks.first { $0.task == number } }
}

extension KeptMutants.Task {
  /// Why the kept mutants no longer fit the solution's `sources`, or `nil` when they do.
  func staleness(against sources: [String: Data]) -> String? {
    let changed = files.keys.sorted().filter { name in sources[name].map(KeptMutants.hash) != files[name] }
    guard !changed.isEmpty else { return nil }
    return "the mutants of task \(task) were made from another version of \(changed.joined(separator: ", "))"
  }

  /// The task's kept mutants as variants: the solution's `sources` with every kept mutant
  /// behind its switch (`MutantSchema`), one variant per mutant, all sharing one program;
  /// a mutant built alone (`Mutant.builtAlone`) is the solution with that change alone, a
  /// program of its own, numbered after the schema's.
  ///
  /// - Parameter written: The names of the files the learner writes in the lesson, whose
  ///   code a change is never quoted from.
  func variants(solution sources: WorkspacePlan.Sources, lesson: Lesson, written: Set<String>) -> [WorkspacePlan.Variant] {
    let underTest = sources.files.filter { files[$0.key] != nil }
    let schema = MutantSchema(sources: underTest, mutants: kept.filter { $0.builtAlone != true })
    var program = sources
    for file in schema.files { program.files[file.name] = Data(file.text.utf8) }
    let alone = kept.filter { $0.builtAlone == true }.compactMap { mutant in
      sources.files[mutant.file].map { original in (mutant, mutant.alone(in: sources, original: original)) }
    }
    return (schema.mutants.map { ($0, program) } + alone).enumerated().map { index, pair in
      let (mutant, program) = pair
      let shown = !written.contains(mutant.file)
      let change = MutantChange(
        id: mutant.id, number: index + 1, declaration: mutant.declaration, kind: mutant.kind,
        quoted: shown ? mutant.description : nil,
        location: shown ? "\(WorkbookPath.file("\(Lesson.sourcesFolder)/\(mutant.file)", of: lesson)):\(mutant.line)" : nil,
        builtAlone: mutant.builtAlone == true)
      return WorkspacePlan.Variant(id: VariantID(task: task, role: .mutant(change)), sources: program)
    }
  }
}

extension Mutant {
  /// `sources` with this mutant alone applied to its file, whose text is `original`: a
  /// program of its own, as a chaff is.
  package func alone(in sources: WorkspacePlan.Sources, original: Data) -> WorkspacePlan.Sources {
    var program = sources
    program.files[file] = Data(applied(to: original).utf8)
    return program
  }
}
