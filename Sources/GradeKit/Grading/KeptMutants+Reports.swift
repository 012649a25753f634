import GradeBuild
import GradeCatalog

extension KeptMutants {
  /// What `grade mutants --keep` stores for `reports`: each task's kept mutants and survivors,
  /// with what `old` said of each survivor that still survives. Tasks not in `reports` stay as `old` has them.
  init(reports: [Grader.MutantReport], keeping old: KeptMutants?) {
    let said = Dictionary((old?.tasks ?? []).flatMap(\.survivors).map { ($0.id, $0.why) }) { first, _ in first }
    var tasks = (old?.tasks ?? []).filter { task in !reports.contains { $0.task == task.task } }
    for report in reports {
      tasks.append(Task(
        task: report.task, files: report.hashes, made: report.made, compiled: report.outcomes.count,
        killed: report.outcomes.filter(\.killed).count, runs: report.outcomes.first?.runs ?? 1, kept: report.kept,
        survivors: report.survivors.map { survivor in
          let mutant = survivor.mutant
          return Survivor(
            id: mutant.id, change: "\(mutant.description) in \(mutant.declaration), \(mutant.file):\(mutant.line)",
            why: said[mutant.id] ?? "")
        }, hanging: report.hanging.count))
    }
    self.init(tasks: tasks.sorted { $0.task < $1.task })
  }

  /// The survivors no one has said why of yet.
  var unexplained: [Survivor] { tasks.flatMap(\.survivors).filter { $0.why.trimmingCharacters(in: .whitespaces).isEmpty } }
}
