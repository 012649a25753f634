import Foundation
@testable import GradeKit
import Testing

/// The copies of a solution's file whose conformances lie, which `grade check` grades an
/// implement task with (`Checker.checkLyingWitnesses`).
@Suite("Conformances made to lie")
struct LyingWitnessesTests {
  static let source = """
    /// A parcel.
    public struct Parcel: Hashable, Sendable {
      public var grams: Int
      /// A label.
      public struct Label: Equatable, CustomStringConvertible {
        public var text: String
        public var description: String { "Label \\(text)" }
      }
      private struct Cache { var hits = 0 }
    }

    enum Zone: String { case home, away }

    private final class Hidden {}

    public struct Instant: Comparable {
      var offset: Int
      public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.offset < rhs.offset
      }
    }
    """

  @Test("The types a file declares, nested ones by their full name, private ones and what they hold left out")
  func declaredTypes() {
    let types = LyingWitnesses.declaredTypes(in: Self.source)
    #expect(types.map(\.name) == ["Parcel", "Parcel.Label", "Zone", "Instant"])
    #expect(types.map(\.access) == ["public ", "public ", "", "public "])
    #expect(types[0].conformances == ["Hashable", "Sendable"])
  }

  @Test("Each type gets every witness a learner may write, lying; one the solution writes has its body replaced, and no conformance is added twice")
  func lies() {
    let lying = LyingWitnesses.lie(Self.source, about: LyingWitnesses.mayWrite)
    #expect(lying.contains("public var description: String { \"lie\" }"))
    #expect(!lying.contains("\"Label \\(text)\""))
    #expect(lying.contains("extension Parcel: CustomStringConvertible, CustomDebugStringConvertible {\n  public nonisolated var description"))
    #expect(lying.contains("extension Parcel.Label: CustomDebugStringConvertible {\n  public nonisolated var debugDescription"))
    #expect(lying.contains("extension Zone: CustomStringConvertible, CustomDebugStringConvertible {\n  nonisolated var description"))
    #expect(!lying.contains("extension Cache") && !lying.contains("extension Hidden"))
    // Neither an operator nor hash(into:) is among them: a learner's file may declare only those its task asks for.
    #expect(!lying.contains("hash(into"))
    #expect(lying.contains("lhs.offset < rhs.offset"))
  }

  @Test("The lesson's other types get the witnesses a learner's file could add for them, lying; not one a file already writes or states")
  func otherTypes() {
    let others = [
      "public struct Zone { var name: String }\nstruct Parcel: CustomStringConvertible {\n  var description: String { \"parcel\" }\n}\n",
      "enum Band { case light }\nextension Band: CustomDebugStringConvertible { var debugDescription: String { \"band\" } }\n",
    ]
    let text = LyingWitnesses.extensions(lying: LyingWitnesses.mayWrite, forTypesIn: others)
    #expect(text.contains("extension Zone: CustomStringConvertible, CustomDebugStringConvertible {\n  public nonisolated var description"))
    #expect(!text.contains("extension Parcel: CustomStringConvertible"))
    #expect(text.contains("extension Parcel: CustomDebugStringConvertible {"))
    #expect(text.contains("extension Band: CustomStringConvertible {"))
    #expect(!text.contains("extension Band: CustomDebugStringConvertible"))
    // A class that may have a superclass is left alone: NSObject writes description already.
    let subclass = LyingWitnesses.extensions(lying: LyingWitnesses.mayWrite, forTypesIn: ["final class Stub: URLProtocol, @unchecked Sendable {}\n"])
    #expect(subclass.isEmpty)
    let plain = LyingWitnesses.extensions(lying: LyingWitnesses.mayWrite, forTypesIn: ["final class Log: Sendable {}\n"])
    #expect(plain.contains("extension Log: CustomStringConvertible"))
  }

  @Test("An operator the task asks for, made to lie, always says false")
  func askedOperator() {
    let lying = LyingWitnesses.lie(Self.source, about: [LyingWitnesses.asked("<")])
    #expect(lying.contains("public static func < (lhs: Instant, rhs: Instant) -> Bool { false }"))
    #expect(!lying.contains("lhs.offset < rhs.offset"))
    #expect(!lying.contains("extension"))
  }

  @Test("The lying copy of a file compiles", .tags(.slow))
  func compiles() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "lying-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(path: "Parcel.swift")
    try LyingWitnesses.lie(Self.source + "\n@MainActor public final class Model {}\npublic actor Store {}\n", about: LyingWitnesses.mayWrite)
      .write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", file.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(said)")
  }
}
