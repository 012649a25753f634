import GradeResults

extension FileRejection {
  /// The reason, completing "this file ...": what the learner does about it.
  ///
  /// - Parameters:
  ///   - lesson: The lesson's number, for the command that brings a missing file back.
  ///   - task: The task's number, for the same command; `nil` leaves the command out.
  func words(lesson: Int, task: Int?) -> String {
    switch self {
    // A missing file comes back with one command.
    case .missing: "is missing" + (task.map { "; swift run grade reset \(lesson) \($0) brings the starter back" } ?? "")
    case .symlink: "is a symbolic link; hand in the file itself, not a link to one"
    case .notAFile: "is not a regular file"
    case .outsideFolder: "is outside the lesson's folder"
    case .unreadable: "cannot be read"
    case .notUTF8: "is not UTF-8 text"
    case .tooLarge(let bytes, let limit): "is \(bytes) bytes, over the \(limit)-byte limit for a source file"
    }
  }
}
