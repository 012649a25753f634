import Foundation

/// `grade class`: grading every student of a class.
extension App {
  /// Grades every student folder, prints a table or JSON, and writes the report when asked.
  func gradeClass(
    _ submissions: String, _ names: [String], report: String?, options: Command.Options, workbook: Workbook
  ) throws(GradeError) -> Int32 {
    let lessons = try resolve(names, in: workbook)
    let folder = URL(fileURLWithPath: submissions, relativeTo: currentFolder).standardizedFileURL
    let graded = try ClassGrader(grader: grader(workbook, options), progress: writeError).grade(submissions: folder, lessons: lessons)
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
