import Foundation
import GradeCatalog
import GradeResults

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

  /// What each task of the lesson is worth, in whole `unit`s, adding up to the lesson's points:
  /// the lesson's points in units are shared by largest remainder (every task gets the even share
  /// rounded down, and the first tasks one unit more until the sum is exact), so a student who
  /// passes every task gets exactly the lesson's points on every platform, whether it sums task
  /// scores (Gradescope), reads whole numbers (GitHub Classroom's `max-score` is `parseInt`) or
  /// shows hundredths (an LMS).
  ///
  /// - Parameter unit: 0.01 for a gradebook or Gradescope; 1 where the platform reads whole numbers.
  public func shares(of lesson: Lesson, unit: Double = 0.01) -> [Double] {
    let count = lesson.tasks.count
    guard count > 0 else { return [] }
    let total = Int((maximum(of: lesson) / unit).rounded())
    return (0..<count).map { index in Self.rounded(Double(total / count + (index < total % count ? 1 : 0)) * unit) }
  }

  /// What task `number` of the lesson is worth: its share.
  public func maximum(ofTask number: Int, in lesson: Lesson, unit: Double = 0.01) -> Double {
    guard let index = lesson.tasks.firstIndex(where: { $0.number == number }) else { return 0 }
    return shares(of: lesson, unit: unit)[index]
  }

  /// What a result earns: the share of each task that passes.
  public func score(_ result: LessonResult, of lesson: Lesson) -> Double {
    guard result.lessonError == nil else { return 0 }
    let shares = shares(of: lesson)
    let earned = lesson.tasks.indices.filter { index in result.tasks.contains { $0.taskNumber == lesson.tasks[index].number && $0.status == .pass } }
    return Self.rounded(earned.reduce(0) { $0 + shares[$1] })
  }

  /// Points rounded to hundredths, as gradebooks show them.
  static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

  /// Points as a gradebook cell: `10`, `3.33`.
  static func text(_ value: Double) -> String {
    let value = rounded(value)
    return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
