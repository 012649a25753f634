
/// One way the workbook breaks its own promises, found by `grade check`.
public struct Breach: Sendable, Equatable, CustomStringConvertible {
  /// The lesson it concerns, or `nil` for the workbook as a whole.
  public var lesson: Int?
  /// What is wrong and where, in one or a few lines.
  public var message: String

  /// Creates a breach.
  public init(lesson: Int?, _ message: String) {
    self.lesson = lesson
    self.message = message
  }

  /// `lesson N: message`.
  public var description: String {
    lesson.map { "lesson \($0): \(message)" } ?? message
  }
}
