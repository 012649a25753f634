/// The commands the command line can name.
extension Commands {
  /// Every command, in the order usage lists them: the one table the parser and the usage text read.
  static let all: [any GradeCommand.Type] = [
    GradeLessonsCommand.self,
    WatchCommand.self,
    HintCommand.self,
    ListCommand.self,
    RevealCommand.self,
    CheckSetupCommand.self,
    ResetCommand.self,
    SolveCommand.self,
    ClassCommand.self,
    MergeCommand.self,
    ReleaseCommand.self,
    ExportCommand.self,
    AutogradeCommand.self,
    PresentCommand.self,
    PrepareCommand.self,
    CheckCommand.self,
    MutantsCommand.self,
    HelpCommand.self,
  ]

  /// The command whose word is `name`, or `nil`; grading, which has no word, is never named.
  static func named(_ name: String?) -> (any GradeCommand.Type)? {
    guard let name else { return nil }
    return all.first { $0.usage.name == name && !$0.usage.name.isEmpty }
  }
}
