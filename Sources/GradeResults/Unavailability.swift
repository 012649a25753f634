/// Why a task could not be graded here, as facts: the hand-in is not there, or the copy of the
/// workbook cannot check a learner's tests on this machine. Feedback words it
/// (`Unavailability.words`).
public enum Unavailability: Error, Sendable, Equatable, Codable {
  /// A released copy holds no compiled versions of the code to check the learner's tests against.
  case noReleasedVariants(testModule: String)
  /// A released copy's compiled versions were built for other machines than this one.
  case releasedForOtherMachines(builtFor: [Machine], here: Machine, testModule: String)
  /// A released copy holds no compiled code for this task.
  case releasedWithoutTask(testModule: String)
  /// A released copy lists other bugs for this task than the catalog does.
  case releasedWithOtherBugs
  /// The learner handed in no folder for the lesson.
  case notHandedIn
  /// The learner's folder is a symbolic link.
  case studentFolderIsLink(learner: String)
  /// The learner's `Lessons` folder is a symbolic link.
  case lessonsFolderIsLink(learner: String)
  /// The learner's folder of this lesson is a symbolic link.
  case lessonFolderIsLink(learner: String, folder: String)

  /// A platform and a toolchain, which compiled code is built for.
  public struct Machine: Sendable, Equatable, Codable {
    /// The platform, such as `linux-x86_64`.
    public var platform: String
    /// The toolchain's version.
    public var toolchain: String

    /// Creates a machine.
    public init(platform: String, toolchain: String) {
      self.platform = platform
      self.toolchain = toolchain
    }
  }
}
