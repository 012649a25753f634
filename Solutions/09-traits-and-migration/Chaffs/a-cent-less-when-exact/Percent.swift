/// A whole percentage from 0 to 100; anything else is a programming error that stops the program.
///
/// You do not change this file: task 2 tests that it stops when it must, and only then.
public struct Percent: Equatable, Sendable {
  /// The percentage, 0 to 100.
  public let value: Int

  /// Creates a percentage, stopping the program when `value` is outside 0...100.
  public init(_ value: Int) {
    precondition((0...100).contains(value), "A percentage is 0 to 100, not \(value)")
    self.value = value
  }

  /// This percentage of `cents`, rounded down.
  public func of(_ cents: Int) -> Int {
    (cents * value - 1) / 100
  }
}

/// Splits `cents` into `parts` shares that differ by at most one cent, the larger ones first.
///
/// Splitting into zero or fewer parts is a programming error: it stops the program.
public func split(_ cents: Int, into parts: Int) -> [Int] {
  guard parts > 0 else { fatalError("Cannot split into \(parts) parts") }
  let share = cents / parts
  let rest = cents % parts
  return (0..<parts).map { share + ($0 < rest ? 1 : 0) }
}
