import Foundation

/// What each lesson is worth in an LMS or on Gradescope, split evenly over its tasks.
///
/// Read from a small JSON file the instructor owns (`--points points.json`),
/// mapping lesson numbers or slugs to points: `{"1": 10, "mocking": 20}`.
/// A lesson it does not name is worth one point per task.
public struct Points: Sendable, Equatable {
  /// Points by lesson number, for the lessons the file names.
  public var byLesson: [Int: Double]

  /// One point per task everywhere.
  public init(byLesson: [Int: Double] = [:]) {
    self.byLesson = byLesson
  }

  /// Reads a points file, naming what is wrong with it.
  public static func read(_ url: URL, catalog: Catalog) throws(GradeError) -> Points {
    guard let data = try? Data(contentsOf: url) else { throw .usage("cannot read the points file \(url.path)") }
    guard let object = try? JSONDecoder().decode([String: Double].self, from: data) else {
      throw .usage("\(url.path) is not a JSON object of lessons and points, such as {\"1\": 10, \"mocking\": 20}")
    }
    var points = Points()
    for (name, value) in object.sorted(by: { $0.key < $1.key }) {
      guard let lesson = catalog.lesson(named: name) else {
        throw .usage("\(url.path) names \"\(name)\", which is no lesson; use a number or a slug from swift run grade list")
      }
      guard value >= 0, value.isFinite else { throw .usage("\(url.path) gives lesson \(name) \(value) points; give a number from 0") }
      points.byLesson[lesson.number] = value
    }
    return points
  }

  /// What the whole lesson is worth.
  public func maximum(of lesson: Lesson) -> Double {
    byLesson[lesson.number] ?? Double(lesson.tasks.count)
  }

  /// What one task of the lesson is worth.
  public func maximum(ofTaskIn lesson: Lesson) -> Double {
    lesson.tasks.isEmpty ? 0 : maximum(of: lesson) / Double(lesson.tasks.count)
  }

  /// What a result earns: the worth of each task that passes.
  public func score(_ result: LessonResult, of lesson: Lesson) -> Double {
    guard result.lessonError == nil else { return 0 }
    return Self.rounded(Double(result.passedCount) * maximum(ofTaskIn: lesson))
  }

  /// Points rounded to hundredths, as gradebooks show them.
  static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

  /// Points as a gradebook cell: `10`, `3.33`.
  static func text(_ value: Double) -> String {
    let value = rounded(value)
    return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
