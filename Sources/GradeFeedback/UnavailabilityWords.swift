import GradeResults

extension Unavailability {
  /// Why, completing "Not graded here: …"; also the reason a class report gives.
  public var words: String {
    func yourself(_ module: String) -> String {
      "run your tests yourself with swift test --filter \(module); your instructor grades this task"
    }
    return switch self {
    case .noReleasedVariants(let module):
      "this copy of the workbook holds no correct or buggy versions of the code to check your tests against; \(yourself(module))"
    case .releasedForOtherMachines(let built, let here, let module):
      "the code your tests are checked against was compiled for \(built.map(\.words).joined(separator: "; ")), and this machine is \(here.words), "
        + "which cannot load it; \(yourself(module))"
    case .releasedWithoutTask(let module):
      "this copy of the workbook was released without the compiled code of this task; \(yourself(module))"
    case .releasedWithOtherBugs:
      "this copy of the workbook was released with a different list of bugs for this task; ask your instructor for a fresh copy"
    case .notHandedIn: "not handed in"
    case .studentFolderIsLink(let learner): "the student's folder \(learner) is a symbolic link, not a folder"
    case .lessonsFolderIsLink(let learner): "\(learner)/Lessons is a symbolic link, not a folder"
    case .lessonFolderIsLink(let learner, let folder): "the lesson folder \(learner)/…/\(folder) is a symbolic link, not a folder"
    }
  }
}

extension Unavailability.Machine {
  /// `linux-x86_64 with 6.3.1`.
  var words: String { "\(platform) with \(toolchain)" }
}
