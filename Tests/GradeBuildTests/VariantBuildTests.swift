import Foundation
@testable import GradeBuild
@testable import GradeCatalog
@testable import GradeProcesses
import GradeTestSupport
import Testing

/// Building a variant from its solution's objects without the driver, and knowing when not to.
@Suite("Variants built without the driver", .tags(.slow))
struct VariantBuildTests {
  /// The driver's jobs for `A.swift` and `B.swift`, as `swiftc -###` printed them on this toolchain.
  static let jobs = """
    /opt/swift/usr/bin/swift-frontend -frontend -c -primary-file A.swift -primary-file B.swift -supplementary-output-file-map /tmp/TemporaryDirectory.5onI6W/supplementaryOutputs-1 -target x86_64-unknown-linux-gnu -enable-testing -module-name Lab -parse-as-library -o ../objects/A.o -o ../objects/B.o
    /opt/swift/usr/bin/swift-autolink-extract ../objects/A.o ../objects/B.o -o ../objects/Lab.autolink
    /opt/swift/usr/bin/clang -fuse-ld=lld -pie ../objects/A.o ../objects/B.o @../objects/Lab.autolink -lTesting -o ../objects/tests

    """

  @Test("The driver's jobs give the frontend's own flags and the link; a compile of some files names each file once, the rest as plain inputs")
  func planFromJobs() throws {
    let plan = try #require(DriverPlan(jobs: Self.jobs, names: ["A.swift", "B.swift"], objects: "../objects"))
    #expect(plan.flags == ["-target", "x86_64-unknown-linux-gnu", "-enable-testing", "-module-name", "Lab", "-parse-as-library"])
    #expect(plan.link.first == "/opt/swift/usr/bin/clang" && plan.link.last == "../objects/tests")
    #expect(plan.compile(["B.swift"], names: ["A.swift", "B.swift"], map: "map.json", objects: "../objects") == [
      "/opt/swift/usr/bin/swift-frontend", "-frontend", "-c", "A.swift", "-primary-file", "B.swift",
      "-supplementary-output-file-map", "map.json", "-target", "x86_64-unknown-linux-gnu", "-enable-testing", "-module-name", "Lab",
      "-parse-as-library", "-o", "../objects/B.o",
    ])
  }

  @Test("Jobs of another shape, or with an argument the driver quoted, give no plan", arguments: [
    jobs.replacingOccurrences(of: "-module-name Lab", with: "-module-name 'My Lab'"),
    jobs.replacingOccurrences(of: "-primary-file B.swift", with: "B.swift"),
    jobs.replacingOccurrences(of: "-o ../objects/B.o\n", with: "-o ../objects/Other.o\n"),
    jobs.replacingOccurrences(of: "@../objects/Lab.autolink", with: "@/tmp/TemporaryDirectory.x/Lab.autolink"),
    jobs.replacingOccurrences(of: "swift-autolink-extract", with: "swift-something-else"),
    String(jobs.prefix(while: { $0 != "\n" })),
  ])
  func noPlan(jobs: String) {
    #expect(DriverPlan(jobs: jobs, names: ["A.swift", "B.swift"], objects: "../objects") == nil)
  }

  @Test("An edit inside a function body changes no declaration; a new stored property changes its type, which a file that builds one uses")
  func dependencies() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-deps-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    // Each version is compiled in a folder of its own, from nothing: every file is compiled.
    func compile(_ a: String) throws -> (a: FileDependencies, b: FileDependencies) {
      let folder = root.appending(path: UUID().uuidString)
      try manager.createDirectory(at: folder, withIntermediateDirectories: true)
      try Compiler.outputFileMap(for: ["A.swift", "B.swift"], in: folder).write(to: folder.appending(path: "map.json"))
      try Data("func area() -> Int { Size().width * 2 }\n".utf8).write(to: folder.appending(path: "B.swift"))
      try Data(a.utf8).write(to: folder.appending(path: "A.swift"))
      let outcome = try Spawner().run(
        ["swiftc", "-c", "-incremental", "-output-file-map", "map.json", "-module-name", "Lab", "-parse-as-library", "A.swift", "B.swift"],
        in: folder, until: .now + .seconds(120))
      #expect(outcome.succeeded, "\(outcome.output)")
      return (
        try #require(FileDependencies.read(folder.appending(path: "A.swiftdeps"))),
        try #require(FileDependencies.read(folder.appending(path: "B.swiftdeps")))
      )
    }
    let first = try compile("struct Size { var width = 3 }\nfunc name() -> String { \"size\" }\n")
    let body = try compile("struct Size { var width = 3 }\nfunc name() -> String {\n  // Another body.\n  \"a size\"\n}\n")
    let layout = try compile("struct Size { var padding = 0; var width = 3 }\nfunc name() -> String { \"size\" }\n")

    #expect(FileDependencies.changes(from: first.a, to: body.a).isEmpty)
    let changed = FileDependencies.changes(from: first.a, to: layout.a)
    #expect(!changed.isEmpty)
    #expect(first.b.isAffected(by: changed), "B builds a Size, so the driver would compile it again: \(changed)")
    #expect(!first.b.isAffected(by: FileDependencies.changes(from: first.a, to: body.a)))
  }

  @Test("A variant that changes a body, and one that changes what another file uses, are built from the solution's objects and hold their own code; the base's plan is kept")
  func directOrDriver() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-direct-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    func sources(width: String, word: String) -> WorkspacePlan.Sources {
      var sources = WorkspacePlan.Sources()
      sources.add("Size.swift", Data("public struct Size { \(width) }\npublic func word() -> String { \"\(word)\" }\n".utf8), shownAs: "Size.swift")
      sources.add("Area.swift", Data("public func area() -> Int { Size().width * 2 }\n".utf8), shownAs: "Area.swift")
      return sources
    }
    let state = StateFolder(root: root.appending(path: "state"))
    let compiler = Compiler(spawner: Spawner(), state: state)
    let solution = sources(width: "public var width = 3", word: "solution-word")
    let body = try VariantBuild.build(sources(width: "public var width = 3", word: "body-word"), base: solution, module: "Lab", state: state, compiler: compiler).get()
    let layout = try VariantBuild.build(
      sources(width: "public var padding = 0; public var width = 3", word: "layout-word"), base: solution, module: "Lab", state: state,
      compiler: compiler).get()
    let base = try #require(try manager.contentsOfDirectory(at: state.variants, includingPropertiesForKeys: nil).first {
      $0.lastPathComponent.hasPrefix("base-") && $0.pathExtension.isEmpty
    })
    #expect(manager.fileExists(atPath: base.appending(path: DriverPlan.fileName).path), "the base's plan was recorded")
    #expect(try Data(contentsOf: body.appending(path: Compiler.programName)).firstRange(of: Data("body-word".utf8)) != nil)
    #expect(try Data(contentsOf: layout.appending(path: Compiler.programName)).firstRange(of: Data("layout-word".utf8)) != nil)
  }

  @Test("A variant with a longer function body puts every section, and every type's metadata, where the solution's program has them")
  func variantsLaidOutAlike() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-layout-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    func sources(_ body: String) -> WorkspacePlan.Sources {
      var sources = WorkspacePlan.Sources()
      sources.add("Store.swift", Data("public struct Store { public var count = 0; public init() {} }\npublic func word() -> String { \(body) }\n".utf8), shownAs: "Store.swift")
      sources.add("User.swift", Data("public struct User { public var name = \"\"; public init() {} }\npublic final class Box {}\n".utf8), shownAs: "User.swift")
      return sources
    }
    let state = StateFolder(root: root.appending(path: "state"))
    let compiler = Compiler(spawner: Spawner(), state: state)
    let solution = sources("\"solution-word\"")
    // Longer code and a longer string: without a plan, every section after them moves.
    let longer = sources("[\"a much longer chaff word\", \"and another\"].joined(separator: String(repeating: \"-\", count: 3)).uppercased()")
    let wheat = try VariantBuild.build(solution, base: solution, module: "Lab", state: state, compiler: compiler).get()
    let chaff = try VariantBuild.build(longer, base: solution, module: "Lab", state: state, compiler: compiler).get()
    let programs = [wheat, chaff].map { $0.appending(path: Compiler.programName) }
    #expect(try Data(contentsOf: programs[1]).firstRange(of: Data("a much longer chaff word".utf8)) != nil)

    let layouts = try programs.map { try #require(ProgramLayout(of: $0, module: "Lab", spawner: Spawner())) }
    let text = layouts.map { $0.sections.sections.first { $0.name == ".text" }?.size }
    #expect(text[0] != nil && text[0] != text[1], "the chaff's code is longer: \(text)")
    // The numbers a test computes with ObjectIdentifier: each type's metadata, here and in the chaff.
    for name in ["$s3Lab5StoreVN", "$s3Lab4UserVN", "$s3Lab3BoxCN", "$s3Lab4UserVMn"] {
      #expect(layouts[0].types[name] != nil, "\(name) is not in \(layouts[0].types.keys.sorted())")
    }
    #expect(layouts[1].differences(from: layouts[0]).isEmpty, "\(layouts[1].differences(from: layouts[0]))")
    #expect(layouts[1] != layouts[0], "the two programs differ in their sizes, not where anything is")
  }

  @Test("A chaff whose class has a stored property and a closure more, and whose struct has a field more, moves no type's metadata or descriptor")
  func grownTypesLaidOutAlike() throws {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appending(path: "grade-layout-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: root) }
    func sources(store: String, user: String) -> WorkspacePlan.Sources {
      var sources = WorkspacePlan.Sources()
      sources.add("Store.swift", Data("public final class Store {\n\(store)\npublic init() {}\n}\n".utf8), shownAs: "Store.swift")
      sources.add("User.swift", Data("public struct User {\n\(user)\npublic init() {}\n}\npublic enum Zone { case home, away }\n".utf8), shownAs: "User.swift")
      return sources
    }
    let state = StateFolder(root: root.appending(path: "state"))
    let compiler = Compiler(spawner: Spawner(), state: state)
    let solution = sources(store: "var count = 0; public func add() async { count += 1 }", user: "public var name = \"\"")
    // Without a section of its own for each type's data and a slot for each, the class's grown
    // descriptor moves the next one, and the closure's async function pointer, emitted before
    // the class's metadata in the same piece of data, moves the metadata.
    let grown = sources(
      store: "var count = 0; var seen: [Int] = []; public func add() async { count += 1; let more = { @Sendable (n: Int) async in n + 1 }; seen.append(await more(count)) }",
      user: "public var name = \"\"; public var email = \"\"; public var age = 0")
    let wheat = try VariantBuild.build(solution, base: solution, module: "Lab", state: state, compiler: compiler).get()
    let chaff = try VariantBuild.build(grown, base: solution, module: "Lab", state: state, compiler: compiler).get()
    let layouts = try [wheat, chaff].map { try #require(ProgramLayout(of: $0.appending(path: Compiler.programName), module: "Lab", spawner: Spawner())) }
    for name in ["$s3Lab5StoreCN", "$s3Lab5StoreCMn", "$s3Lab4UserVN", "$s3Lab4UserVMn", "$s3Lab4ZoneON", "$s3Lab4ZoneOMn"] {
      #expect(layouts[0].types[name] != nil, "\(name) is not in \(layouts[0].types.keys.sorted())")
    }
    #expect(layouts[1].differences(from: layouts[0]).isEmpty, "\(layouts[1].differences(from: layouts[0]))")
  }

  @Test("The slot fits twice the largest piece, from 16 bytes to a page, and every section that may hold a type gets it")
  func slots() {
    #expect(SectionPlan.slot(fitting: []) == 16)
    #expect(SectionPlan.slot(fitting: [100, 736]) == 2048)
    #expect(SectionPlan.slot(fitting: [3000]) == 4096)
    var plan = SectionPlan(first: ["$s3Lab4UserVMn"], slot: 256)
    #expect(plan.slotOptions.contains("--set-section-alignment"))
    #expect(plan.slotOptions.contains(".data.rel.ro.$s3Lab4UserVMn=256"))
    #expect(plan.slotOptions.contains(".rodata=256"))
    plan.slot = 0
    #expect(plan.slotOptions.isEmpty)
  }

  @Test("A section plan starts every section on a page, with room to grow, and knows a program that keeps to it")
  func sectionPlan() throws {
    typealias Section = ProgramSections.Section
    let solution = ProgramSections(sections: [
      Section(name: ".interp", address: 0x2a8, size: 0x1c), Section(name: ".text", address: 0x4000, size: 0x2000),
      Section(name: ".relro_padding", address: 0x7000, size: 0x100), Section(name: ".data", address: 0x8000, size: 0x10),
    ])
    let plan = try #require(SectionPlan(solution: solution))
    #expect(plan.starts.map(\.name) == [".interp", ".text", ".data"])
    #expect(plan.starts.map(\.address) == [0x1000, 0x3000, 0x8000])
    #expect(plan.linkerOptions(forClang: true).first == "-Wl,--section-start=.interp=0x1000")
    #expect(plan.linkerOptions(forClang: false).prefix(2) == ["-Xlinker", "--section-start=.interp=0x1000"])
    let kept = ProgramSections(sections: [
      Section(name: ".interp", address: 0x1000, size: 0x1c), Section(name: ".text", address: 0x3000, size: 0x4fff),
      Section(name: ".data", address: 0x8000, size: 0x20),
    ])
    #expect(plan.holds(kept))
    var moved = kept
    moved.sections[2].address = 0x8010
    #expect(!plan.holds(moved))
    var extra = kept
    extra.sections.append(Section(name: ".bss", address: 0x9000, size: 8))
    #expect(!plan.holds(extra))
  }

  @Test("Two layouts differ where a section starts elsewhere, a section is missing, or a type's metadata moved; not where a section only fills more of its room")
  func layoutDifferences() {
    typealias Section = ProgramSections.Section
    let solution = ProgramLayout(
      sections: ProgramSections(sections: [Section(name: ".text", address: 0x3000, size: 0x100), Section(name: ".data", address: 0x8000, size: 0x10)]),
      types: ["$s3Lab4UserVN": 0x8008])
    var fuller = solution
    fuller.sections.sections[0].size = 0x200
    #expect(fuller.differences(from: solution).isEmpty)
    var moved = solution
    moved.sections.sections[1].address = 0x8040
    moved.types["$s3Lab4UserVN"] = 0x8048
    #expect(moved.differences(from: solution) == ["section .data starts at 0x8040, not 0x8000", "$s3Lab4UserVN is at 0x8048, not 0x8008"])
    #expect(moved.sectionDifferences(from: solution) == ["section .data starts at 0x8040, not 0x8000"])
    #expect(moved.typeDifferences(from: solution) == ["$s3Lab4UserVN is at 0x8048, not 0x8008"])
    var missing = solution
    missing.sections.sections.removeLast()
    #expect(missing.differences(from: solution) == ["section .data is in only one of them"])
  }
}
