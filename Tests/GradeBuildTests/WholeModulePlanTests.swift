import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeProcesses
import GradeTestSupport
import Testing

/// Whole-module compiles run the driver's jobs without the driver, and only where the plan reads back exactly.
@Suite("Whole-module compiles without the driver")
struct WholeModulePlanTests {
  typealias Plan = DriverPlan.WholeModule

  static let output = Plan.Folder(placeholder: "@GRADE-OUTPUT@", path: "/state/builds/building-1")
  static let library = Plan.Folder(placeholder: "@GRADE-LIBRARY@", path: "/state/builds/abc")
  static let scratchParent = "/state/builds/driver-1"

  /// The jobs of a tests library's compile, in the form `swiftc -###` prints them on this toolchain.
  static let jobs = """
    /opt/swift/usr/bin/swift-frontend -frontend -c A.swift B.swift -supplementary-output-file-map /state/builds/driver-1/TemporaryDirectory.x1/supplementaryOutputs-1 -I /state/builds/abc -module-name Tests -o /state/builds/driver-1/TemporaryDirectory.x1/Tests-1.o
    /opt/swift/usr/bin/swift-autolink-extract /state/builds/driver-1/TemporaryDirectory.x1/Tests-1.o -o /state/builds/driver-1/TemporaryDirectory.x1/Tests-2.autolink
    /opt/swift/usr/bin/clang -shared /state/builds/driver-1/TemporaryDirectory.x1/Tests-1.o @/state/builds/driver-1/TemporaryDirectory.x1/Tests-2.autolink -L /state/builds/abc -Xlinker -rpath -Xlinker '$ORIGIN' -o /state/builds/building-1/libGradeTests.so

    """

  static func files(_ folder: String) -> [String: String]? {
    folder == "/state/builds/driver-1/TemporaryDirectory.x1"
      ? ["supplementaryOutputs-1": #"{"A.swift": {"diagnostics": "\/state\/builds\/building-1\/t.dia"}}"#] : nil
  }

  @Test("The plan keeps placeholders for the folders, and gives another compile's folders back in their place")
  func placeholders() throws {
    let plan = try #require(Plan(jobs: Self.jobs, folders: [Self.output, Self.library], scratchParent: Self.scratchParent, workingFolder: "/learner/Tests", files: Self.files))
    #expect(plan.jobs[0].contains("@GRADE-DRIVER-SCRATCH@/supplementaryOutputs-1"))
    #expect(plan.jobs[2].suffix(2) == ["-o", "@GRADE-OUTPUT@/libGradeTests.so"])
    #expect(plan.jobs[2].contains("$ORIGIN"))
    #expect(plan.files == ["supplementaryOutputs-1": #"{"A.swift": {"diagnostics": "@GRADE-OUTPUT@/t.dia"}}"#])

    let elsewhere = plan.resolved([
      .init(placeholder: "@GRADE-OUTPUT@", path: "/other/out"), .init(placeholder: "@GRADE-LIBRARY@", path: "/other/lib"),
      .init(placeholder: Plan.scratch, path: "/other/jobs"),
    ])
    #expect(elsewhere.jobs[1] == [
      "/opt/swift/usr/bin/swift-autolink-extract", "/other/jobs/Tests-1.o", "-o", "/other/jobs/Tests-2.autolink",
    ])
    #expect(elsewhere.jobs[0].contains("/other/lib"))
    #expect(elsewhere.files["supplementaryOutputs-1"] == #"{"A.swift": {"diagnostics": "/other/out/t.dia"}}"#)
  }

  @Test("Words in single quotes, with a quote written '\\'', read back as the shell reads them; a double quote does not")
  func words() {
    #expect(Plan.words("a 'b c' 'it'\\''s' d\\ e") == ["a", "b c", "it's", "d e"])
    #expect(Plan.words("a \"b\"") == nil)
    #expect(Plan.words("a 'b") == nil)
  }

  @Test("A folder's path is replaced where it is a whole folder, never as the start of a longer name")
  func wholeFolders() {
    #expect(Plan.replacing(path: "/a/build", in: "/a/build /a/builds/x /a/build/y -I/a/build", with: "@B@") == "@B@ /a/builds/x @B@/y -I@B@")
  }

  @Test("No plan where it could not be read back the same in other folders", arguments: [
    // The driver's scratch folder named outside its folder, or two of them.
    jobs.replacingOccurrences(of: "-module-name Tests", with: "-module-name Tests /state/builds/driver-1"),
    jobs.replacingOccurrences(of: "TemporaryDirectory.x1/Tests-2.autolink -L", with: "TemporaryDirectory.x2/Tests-2.autolink -L"),
    // A scratch file no job writes and the driver had not written yet (a response file).
    jobs.replacingOccurrences(of: "-module-name Tests", with: "-module-name Tests @/state/builds/driver-1/TemporaryDirectory.x1/arguments-1.resp"),
    // A word the plan cannot read.
    jobs.replacingOccurrences(of: "-module-name Tests", with: "-module-name \"Tests\""),
    "",
  ])
  func noPlan(jobs: String) {
    #expect(Plan(jobs: jobs, folders: [Self.output, Self.library], scratchParent: Self.scratchParent, workingFolder: "/learner/Tests", files: Self.files) == nil)
  }

  @Test("No plan that names the folder the driver ran in: it would not hold for the same command elsewhere")
  func namesWorkingFolder() {
    let named = Self.jobs.replacingOccurrences(of: "-module-name Tests", with: "-module-name Tests -working-directory /learner/Tests")
    #expect(Plan(jobs: named, folders: [Self.output, Self.library], scratchParent: Self.scratchParent, workingFolder: "/learner/Tests", files: Self.files) == nil)
    #expect(Plan(jobs: named, folders: [Self.output, Self.library], scratchParent: Self.scratchParent, workingFolder: "/learner/Test", files: Self.files) != nil)
  }

  @Test("No plan for a folder whose name a placeholder could not stand for exactly")
  func unplainFolder() {
    let spaced = Plan.Folder(placeholder: "@GRADE-OUTPUT@", path: "/state/my builds/building-1")
    #expect(Plan(jobs: Self.jobs, folders: [spaced, Self.library], scratchParent: Self.scratchParent, workingFolder: "/learner/Tests", files: Self.files) == nil)
  }

  @Test("Tests compiled from a plan, and again, give the same product; an error comes back with its line, as from the driver", .tags(.slow))
  func compileThroughPlan() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-plan-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    let compiler = Compiler(spawner: Spawner(), state: StateFolder(root: root.appending(path: "state")))
    let sources = root.appending(path: "sources")
    try manager.createDirectory(at: sources, withIntermediateDirectories: true)
    try Data("public func answer() -> Int { 42 }\n".utf8).write(to: sources.appending(path: "Lab.swift"))
    let module = compiler.library(module: "Lab", sourceFolder: sources, names: ["Lab.swift"])
    let moduleFolder = try #require(module.folder, "\(module.output)")
    let tests = root.appending(path: "tests")
    try manager.createDirectory(at: tests, withIntermediateDirectories: true)
    func compileTests(_ text: String) throws -> Compiler.Result {
      try Data(text.utf8).write(to: tests.appending(path: "LabTests.swift"))
      return compiler.tests(
        module: "LabTests", sourceFolder: tests, names: ["LabTests.swift"], libraryModule: "Lab", libraryFolder: moduleFolder,
        linksLibrary: true)
    }

    let first = try compileTests("import Testing\nimport Lab\n@Test func checksTheAnswer() { #expect(Lab.answer() == 42) }\n")
    let second = try compileTests("import Testing\nimport Lab\n@Test func checksItAgain() { #expect(Lab.answer() == 42) }\n")
    let broken = try compileTests("import Testing\nimport Lab\n@Test func mistypes() { let x: String = Lab.answer() }\n")

    #expect(first.succeeded && second.succeeded, "\(first.output)\(second.output)")
    #expect(second.folder.map { manager.fileExists(atPath: $0.appending(path: RunnerProgram.testsLibrary).path) } == true)
    #expect(!broken.succeeded)
    #expect(broken.messages.contains { $0.severity == .error && $0.line == 3 }, "\(broken.messages)")
    func plans() throws -> Int {
      try manager.contentsOfDirectory(atPath: root.appending(path: "state/builds").path)
        .filter { manager.fileExists(atPath: root.appending(path: "state/builds/\($0)/\(DriverPlan.fileName)").path) }.count
    }
    let recorded = try plans()
    // The same command in another learner's folder runs the same plan.
    let elsewhere = root.appending(path: "elsewhere")
    try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try Data("import Testing\nimport Lab\n@Test func checksOnceMore() { #expect(Lab.answer() == 42) }\n".utf8)
      .write(to: elsewhere.appending(path: "LabTests.swift"))
    let moved = compiler.tests(
      module: "LabTests", sourceFolder: elsewhere, names: ["LabTests.swift"], libraryModule: "Lab", libraryFolder: moduleFolder,
      linksLibrary: true)

    #expect(moved.succeeded, "\(moved.output)")
    #expect(recorded == 2)
    #expect(try plans() == recorded)
    let store = try manager.contentsOfDirectory(atPath: root.appending(path: "state/builds").path)
    #expect(!store.contains { $0.hasPrefix("jobs-") || $0.hasPrefix("driver-") }, "\(store)")
  }
}
