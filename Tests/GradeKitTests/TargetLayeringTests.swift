import Foundation
import Testing

/// README's and CONTRIBUTING's claims about which target may use which, held by reading
/// every import of every source target.
///
/// The manifest lets a target import what it depends on, and SwiftPM lets it import what
/// those depend on too; the table below is the layering the docs describe, an allowlist.
@Suite("Which targets import which")
struct TargetLayeringTests {
  /// The targets everything stands on, below the stages.
  static let foundations: Set<String> = ["GradeCatalog", "GradeEvents", "GradeProcesses", "GradeResults", "GradeWire"]

  /// What each Swift target may import of ours.
  static let allowed: [String: Set<String>] = [
    // What the workbook is, and the box's wire: nothing of ours.
    "GradeCatalog": [],
    "GradeWire": [],
    "GradeProcesses": ["GradeCatalog", "GradeWire"],
    "GradeEvents": ["GradeProcesses", "GradeWire"],
    // What a grading found knows nothing of how it was found.
    "GradeResults": ["GradeCatalog", "GradeEvents", "GradeProcesses", "GradeWire"],
    // The box cannot see a build or a grade.
    "GradeBox": ["GradeCatalog", "GradeEvents", "GradeProcesses", "GradeWire"],
    "GradePolicy": ["GradeCatalog", "GradeProcesses", "GradeResults", "GradeWire"],
    "GradeMutants": ["GradeCatalog", "GradeProcesses", "GradeWire"],
    // The stages, each using the ones before it and never the ones after.
    "GradeBuild": foundations.union(["GradeBox", "GradeMutants", "GradePolicy"]),
    "GradeRun": foundations.union(["GradeBox", "GradeMutants", "GradeBuild"]),
    "GradeJudge": foundations.union(["GradeBox", "GradeBuild", "GradeRun"]),
    // Words come from results alone, so every report says the same of the same finding.
    "GradeFeedback": foundations,
    "GradeKit": foundations.union([
      "GradeBox", "GradeBuild", "GradeFeedback", "GradeJudge", "GradeMutants", "GradePolicy", "GradeRun", "GradeWire",
    ]),
    "grade": ["GradeKit"],
    "GradeRunner": ["GradeWire"],
  ]

  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../Sources").standardizedFileURL
  static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "..").standardizedFileURL

  /// The targets whose tests have a target of their own, `<target>Tests`, built without GradeKit.
  static let stagesTestedAlone = ["GradeBuild", "GradeCatalog", "GradeEvents", "GradeFeedback", "GradeJudge", "GradeResults", "GradeRun"]

  /// The modules of ours that the Swift files under `folder` import.
  static func imports(in folder: URL) -> Set<String> {
    let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
    var found: Set<String> = []
    for file in files {
      let text = (try? String(contentsOf: folder.appending(path: file), encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") && !["public", "package", "internal", "private"].contains($0) }
        guard words.count == 2, words[0] == "import" else { continue }
        let module = String(words[1])
        if allowed[module] != nil || module.hasPrefix("Grade") { found.insert(module) }
      }
    }
    return found
  }

  /// The source targets written in Swift.
  static var swiftTargets: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    return names.filter { name in
      let files = FileManager.default.enumerator(atPath: sources.appending(path: name).path)?.allObjects as? [String] ?? []
      return files.contains { $0.hasSuffix(".swift") }
    }.sorted()
  }

  @Test("Every Swift target is in the layering table, and the table names no target that is gone")
  func everyTargetListed() {
    #expect(Self.swiftTargets == Self.allowed.keys.sorted())
  }

  @Test("Each target imports only what the layering allows", arguments: Self.swiftTargets)
  func layering(target: String) {
    let extra = Self.imports(in: Self.sources.appending(path: target)).subtracting(Self.allowed[target] ?? [])
    #expect(extra.isEmpty, "\(target) imports \(extra.sorted().joined(separator: ", ")), which the layering does not allow it")
  }

  @Test("Each stage's tests are a target of their own that imports no GradeKit", arguments: Self.stagesTestedAlone)
  func testedAlone(target: String) {
    let folder = Self.tests.appending(path: target + "Tests")
    #expect(FileManager.default.fileExists(atPath: folder.path), "no test target \(target)Tests")
    let imported = Self.imports(in: folder)
    #expect(imported.contains(target) && !imported.contains("GradeKit"), "\(target)Tests imports \(imported.sorted().joined(separator: ", "))")
  }
}
