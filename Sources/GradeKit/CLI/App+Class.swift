import Foundation

/// `grade class`: grading every student of a class.
extension App {
  /// Grades every student folder, prints a table or JSON, and writes the report when asked.
  func gradeClass(
    _ submissions: String, _ names: [String], report: String?, options: Command.Options, workbook: Workbook
  ) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let folder = URL(fileURLWithPath: submissions, relativeTo: currentFolder).standardizedFileURL
    let state = options.work.map { StateFolder(root: URL(fileURLWithPath: $0, relativeTo: currentFolder).standardizedFileURL) }
      ?? ClassGrader.defaultState(for: workbook)
    let root = workbook.root.standardizedFileURL.path + "/"
    if (state.root.standardizedFileURL.path + "/").hasPrefix(root) {
      throw .usage("--work \(state.root.path) is inside the workbook; class grading keeps students' code outside it. Choose a folder elsewhere.")
    }
    var classGrader = grader(workbook, options)
    classGrader = Grader(workbook: workbook, state: state, limits: classGrader.limits, useCache: options.useCache, isolation: classGrader.isolation)
    classGrader.threadSanitizer = options.threadSanitizer
    if let notice = classGrader.isolation.notice {
      writeError("grade: \(notice) Students' code can then reach your files: grade in a container or a throwaway account.")
    }
    let graded = try ClassGrader(grader: classGrader, progress: writeError).grade(submissions: folder, lessons: lessons)
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
}
