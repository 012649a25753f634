import Foundation
@testable import GradeBuild
import GradeCatalog
@testable import GradeProcesses
import GradeTestSupport
import Testing

/// Compiling a learner's code: what is built again after an edit, and what is reused.
@Suite("The compiler", .tags(.slow))
struct CompilerTests {
  @Test("Two state folders of one grader share the module cache and the runner's objects, and nothing else: the second compiles no runner")
  func runnerSharedAcrossStates() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-shared-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    let shared = root.appending(path: "shared")
    let first = StateFolder(root: root.appending(path: "a"), shared: shared)
    let second = StateFolder(root: root.appending(path: "b"), shared: shared)
    #expect(first.moduleCache == second.moduleCache && first.runnerBuilds == second.runnerBuilds)
    #expect(first.builds != second.builds && first.variants != second.variants && first.jobs != second.jobs)
    #expect(first.secret != second.secret, "each state folder pads its variants with a secret of its own")
    #expect(StateFolder(root: root.appending(path: "c")).shared == StateFolder.graderShared, "by default, the grader's own")

    let made = Compiler(spawner: Spawner(), state: first).runnerObject()
    #expect(made.succeeded && !made.reused, "\(made.output)")
    let again = Compiler(spawner: Spawner(), state: second).runnerObject()
    #expect(again.succeeded && again.reused, "\(again.output)")
    #expect(again.folder == made.folder && again.folder?.path.hasPrefix(shared.path) == true)
    #expect(!manager.fileExists(atPath: second.builds.path), "no build of the runner lands in a state folder of its own")
  }

  @Test("An edit inside a function body rebuilds the library and reuses the tests built against it; a new declaration rebuilds both")
  func bodyEditReusesTests() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-compiler-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    let code = root.appending(path: "code")
    let tests = root.appending(path: "tests")
    try manager.createDirectory(at: code, withIntermediateDirectories: true)
    try manager.createDirectory(at: tests, withIntermediateDirectories: true)
    try Data("import Testing\n@testable import Lab\n\n@Test func adds() { #expect(add(2, 3) == 5) }\n".utf8)
      .write(to: tests.appending(path: "AddTests.swift"))
    let compiler = Compiler(spawner: Spawner(), state: StateFolder(root: root.appending(path: "state")))
    func build(_ source: String) throws -> (library: Compiler.Result, tests: Compiler.Result) {
      try Data(source.utf8).write(to: code.appending(path: "Add.swift"))
      let library = compiler.library(module: "Lab", sourceFolder: code, names: ["Add.swift"])
      let folder = try #require(library.folder, "\(library.output)")
      let built = compiler.tests(
        module: "LabTests", sourceFolder: tests, names: ["AddTests.swift"], libraryModule: "Lab", libraryFolder: folder, linksLibrary: true)
      #expect(built.succeeded, "\(built.output)")
      return (library, built)
    }

    let first = try build("public func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
    let bodyEdit = try build("// The sum.\npublic func add(_ a: Int, _ b: Int) -> Int {\n  a - b + 2 * b\n}\n")
    let newDeclaration = try build("public func add(_ a: Int, _ b: Int) -> Int { a + b }\nfunc twice(_ a: Int) -> Int { 2 * a }\n")

    #expect(!first.library.reused && !first.tests.reused)
    #expect(!bodyEdit.library.reused && bodyEdit.tests.reused)
    #expect(bodyEdit.library.folder != first.library.folder)
    #expect(!newDeclaration.library.reused && !newDeclaration.tests.reused)
  }

  @Test("Built file by file, an edit compiles that file again, leaves the others' objects as they were, and runs as edited")
  func incremental() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-incremental-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    let code = root.appending(path: "code")
    try manager.createDirectory(at: code, withIntermediateDirectories: true)
    try Data("public func add(_ a: Int, _ b: Int) -> Int { a + b }\n".utf8).write(to: code.appending(path: "Add.swift"))
    try Data("public func half(_ a: Int) -> Int { a / 2 }\n".utf8).write(to: code.appending(path: "Half.swift"))
    let compiler = Compiler(spawner: Spawner(), state: StateFolder(root: root.appending(path: "state")))
    let work = root.appending(path: "incremental")
    func build() throws -> URL {
      let built = compiler.library(module: "Lab", sourceFolder: code, names: ["Add.swift", "Half.swift"], incremental: work)
      return try #require(built.folder, "\(built.output)")
    }
    func object(_ name: String) throws -> Date {
      let folder = try #require(try manager.contentsOfDirectory(at: work, includingPropertiesForKeys: nil).first)
      return try #require(try manager.attributesOfItem(atPath: folder.appending(path: name).path)[.modificationDate] as? Date)
    }

    let first = try build()
    let halfBefore = try object("Half.o")
    let addBefore = try object("Add.o")
    try Data("public func add(_ a: Int, _ b: Int) -> Int { a + b + 1 }\n".utf8).write(to: code.appending(path: "Add.swift"))
    let second = try build()

    #expect(try object("Half.o") == halfBefore)
    #expect(try object("Add.o") > addBefore)
    #expect(first != second)
    // The interface is the same, and the library in the store is the edited one.
    #expect(try Data(contentsOf: first.appending(path: "Lab.swiftmodule")) == Data(contentsOf: second.appending(path: "Lab.swiftmodule")))
    #expect(try Data(contentsOf: first.appending(path: "libLab.so")) != Data(contentsOf: second.appending(path: "libLab.so")))
  }
}
