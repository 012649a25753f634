import Foundation

/// The workbook's lessons in order, read from `Lessons/catalog.json`.
public struct Catalog: Sendable, Equatable {
  /// Every lesson, numbered by position from 1.
  public var lessons: [Lesson]

  /// Creates a catalog from lessons already in order.
  public init(lessons: [Lesson]) {
    self.lessons = lessons
  }

  /// Finds a lesson by number (`2`, `02`), slug (`parameterized-tests`) or folder
  /// (`02-parameterized-tests`), or returns `nil`.
  public func lesson(named name: String) -> Lesson? {
    let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    if let number = Int(trimmed) {
      return lessons.first { $0.number == number }
    }
    let last = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    return lessons.first { $0.slug == last || $0.folder == last }
  }
}

extension Catalog: Decodable {
  private enum CodingKeys: String, CodingKey { case version, lessons }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version == 1 else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "catalog version \(version) is not one this grader reads (1)")
    }
    // Numbers are positions, so the catalog cannot disagree with itself about them.
    let drafts = try container.decode([Lesson.Draft].self, forKey: .lessons)
    lessons = drafts.enumerated().map { Lesson(number: $0.offset + 1, draft: $0.element) }
  }
}
