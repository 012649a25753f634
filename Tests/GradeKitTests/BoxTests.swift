import Foundation
@testable import GradeBox
@testable import GradeBuild
import GradeCatalog
@testable import GradeEvents
@testable import GradeKit
@testable import GradeProcesses
@testable import GradeWire
import Testing

/// The box, as a graded run inside it sees it.
@Suite("The box", .tags(.slow))
struct BoxTests {
  @Test("The launcher refuses arguments it does not list, and a box without its folder, before it does anything", arguments: [
    ["--mount", "/", "/"], ["--limit", "stack", "1", "--", "/bin/true"], ["--env", "A B=c", "--", "/bin/true"],
    ["--root", "/tmp", "--", "/bin/true"], ["--view", "/usr", "/usr", "--", "/bin/true"], ["--", "true"], ["--processes", "-1"],
    ["--link", "/dev/fd", "/proc/self/fd", "--", "/bin/true"],
    ["--root", "/tmp", "--workdir", "/", "--link", "dev/fd", "/proc/self/fd", "--", "/bin/true"],
    ["--root", "/tmp", "--workdir", "/", "--link", "/dev/fd", "", "--", "/bin/true"],
  ])
  func launcherRefuses(_ arguments: [String]) throws {
    let launcher = try #require(Self.isolation.launcher, "\(Self.isolation.reason ?? "")")
    let outcome = try Spawner().run([launcher] + arguments, until: .now + .seconds(10))
    #expect(outcome.termination == .exited(64), "\(outcome.termination)")
    #expect(outcome.output.hasPrefix("GradeLauncher: "), "\(outcome.output)")
  }

  /// A test that reports, as one issue's comment, what it can see and do from inside the box.
  static let observer = #"""
    import Foundation
    import Testing
    #if canImport(Glibc)
      import Glibc
    #endif
    @testable import Probe

    @Test func observes() {
      let manager = FileManager.default
      func writes(_ path: String) -> Bool { manager.createFile(atPath: path, contents: Data("x".utf8)) }
      let work = writes("/box/work/made")
      var scratch = 0
      if let handle = FileHandle(forWritingAtPath: "/box/work/fill") ?? (writes("/box/work/fill") ? FileHandle(forWritingAtPath: "/box/work/fill") : nil) {
        let chunk = Data(repeating: 1, count: 1 << 20)
        while scratch < 400, (try? handle.write(contentsOf: chunk)) != nil { scratch += 1 }
      }
      let seen = [
        "cwd=\(manager.currentDirectoryPath)", "work=\(work)", "tmp=\(writes("/tmp/made"))",
        "root=\(writes("/made"))", "usr=\(writes("/usr/made"))", "bin=\(writes("/box/bin/made"))",
        "ls=\((try? manager.contentsOfDirectory(atPath: "/box/bin"))?.sorted() ?? [])",
        "program=\(manager.contents(atPath: "/box/bin/tests") != nil)", "exe=\(manager.contents(atPath: "/proc/self/exe") != nil)",
        "mem=\(FileHandle(forReadingAtPath: "/proc/self/mem") != nil)",
        "lock=\(flock(open("/etc/passwd", O_RDONLY), LOCK_SH))", "scratch=\(scratch)", "answer=\(answer())",
        "fd=\((try? manager.destinationOfSymbolicLink(atPath: "/dev/fd")) ?? "none")", "dev=\(writes("/dev/made"))",
      ]
      Issue.record(Comment(rawValue: seen.joined(separator: " ")))
    }

    """#

  @Test(
    "A run in folders with blanks and backslashes sees only its scratch folders writable, capped, and cannot read its program or take locks",
    .enabled(if: Self.isolation.namespaces, "this machine has no namespaces"))
  func insideTheBox() throws {
    let manager = FileManager.default
    let parent = manager.temporaryDirectory.appending(path: "grade box \\ test \(UUID().uuidString)")
    defer { try? manager.removeItem(at: parent) }
    let source = parent.appending(path: "src")
    try manager.createDirectory(at: source, withIntermediateDirectories: true)
    try Data("public func answer() -> Int { 42 }\n".utf8).write(to: source.appending(path: "Probe.swift"))
    try Data(Self.observer.utf8).write(to: source.appending(path: "ObserverTests.swift"))
    let compiler = Compiler(spawner: Spawner(), state: StateFolder(root: parent.appending(path: "state")))
    let library = compiler.library(module: "Probe", sourceFolder: source, names: ["Probe.swift"])
    let libraryFolder = try #require(library.folder, "\(library.output)")
    let tests = compiler.tests(
      module: "ObserverTests", sourceFolder: source, names: ["ObserverTests.swift"], libraryModule: "Probe", libraryFolder: libraryFolder,
      linksLibrary: true)
    let testsFolder = try #require(tests.folder, "\(tests.output)")
    let program = compiler.program(module: nil, sourceFolder: nil, names: [])
    let programFolder = try #require(program.folder, "\(program.output)")
    let box = Box(
      limits: BoxLimits(seconds: 60, scratchBytes: 64 << 20), isolation: Self.isolation, spawner: Spawner(),
      scratchParent: parent.appending(path: "runs"))

    let report = try box.run(
      programFolder.appending(path: Compiler.programName),
      libraries: [testsFolder.appending(path: RunnerProgram.testsLibrary), libraryFolder.appending(path: Compiler.libraryName("Probe"))],
      request: Box.Request())

    #expect(report.streamProblems.isEmpty, "\(report.streamProblems)")
    let run = TestRunReport(eventStream: report.events)
    let seen = run.tests.flatMap(\.issues).flatMap(\.comments).joined()
    // The program's folder cannot even be listed: a run may read the libraries in it, by name, and nothing else.
    for part in ["cwd=/box/work", "work=true", "tmp=true", "root=false", "usr=false", "bin=false", "program=false", "lock=-1", "answer=42",
                 "ls=[]", "fd=/proc/self/fd", "dev=false"] {
      #expect(seen.contains(part), "missing \"\(part)\" in: \(seen)")
    }
    if Self.isolation.codeHidden {
      #expect(seen.contains("exe=false") && seen.contains("mem=false"), "\(seen)")
    }
    // The scratch folder holds at most its cap: 64 MiB here.
    let scratch = try #require(seen.split(separator: " ").first { $0.hasPrefix("scratch=") }.flatMap { Int($0.dropFirst(8)) })
    #expect(scratch <= 64, "\(seen)")
    // Each run's folder goes when the run ends.
    #expect(try manager.contentsOfDirectory(atPath: parent.appending(path: "runs").path).isEmpty)
  }

  @Test("The launcher gives its program exactly the environment and limits it lists")
  func launcherEnvironmentAndLimits() throws {
    let launcher = try #require(Self.isolation.launcher, "\(Self.isolation.reason ?? "")")
    let spawner = Spawner()
    let environment = try spawner.run([launcher, "--env", "A=b c", "--env", "D=", "--", "/usr/bin/env"], until: .now + .seconds(10))
    #expect(environment.output == "A=b c\nD=\n")
    let limits = try spawner.run(
      [launcher, "--limit", "nofile", "64", "--limit", "fsize", "4096", "--", "/bin/sh", "-c", "ulimit -n; ulimit -Hn; ulimit -f"],
      until: .now + .seconds(10))
    // sh counts a file's size in blocks of 512 bytes.
    #expect(limits.output == "64\n64\n8\n")
  }

  @Test(
    "A boxed program's end is the run's: its exit status, or the signal that killed it",
    .enabled(if: Self.isolation.namespaces, "this machine has no namespaces"), arguments: ["exit 3", "ulimit -s 256; f() { f; }; f"])
  func launcherEndsAsItsProgram(_ script: String) throws {
    let launcher = try #require(Self.isolation.launcher, "\(Self.isolation.reason ?? "")")
    let root = FileManager.default.temporaryDirectory.appending(path: "grade launcher \(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let fileSystem = BoxRoot(toolchain: Self.isolation.toolchain, program: URL(fileURLWithPath: "/bin/sh"), libraries: [], scratchBytes: 1 << 20)
    // The program is PID 1 of its box, which no signal sent from inside reaches: a fault does
    // (here, a shell's endless recursion on a small stack).
    let outcome = try Spawner().run(
      [launcher] + fileSystem.arguments(root: root) + ["--workdir", "/box/work", "--", "/box/bin/\(Box.programName)", "-c", script],
      until: .now + .seconds(20))
    #expect(outcome.termination == (script == "exit 3" ? .exited(3) : .signaled(SIGSEGV)), "\(outcome.output)")
  }

  @Test("Only records sealed with the run's key, numbered in order, count; a relay that renumbers or drops one is seen")
  func framing() throws {
    let key = "00112233445566778899aabbccddeeff"
    let seal = try #require(RecordSeal(key: key))
    func line(_ record: String, _ sequence: Int, _ sealer: RecordSeal? = nil) -> String {
      String(decoding: (sealer ?? seal).frame(Array(record.utf8), sequence: sequence), as: UTF8.self) + "\n"
    }
    let good = EventFrames(stream: Data((line("{\"a\":1}", 0) + line("{\"b\":2}", 1) + "2 0000").utf8), key: key)
    #expect(good.problems.isEmpty)
    #expect(String(decoding: good.records, as: UTF8.self) == "{\"a\":1}\n{\"b\":2}\n")
    // A record the harness never sealed, however it is numbered.
    let forged = "1 0123456789abcdef {\"kind\":\"event\"}\n"
    #expect(EventFrames(stream: Data((line("{}", 0) + forged).utf8), key: key).problems == [.unsealedLine])
    // A relay that drops record 1 and passes record 2 on as it was sealed.
    #expect(EventFrames(stream: Data((line("{}", 0) + line("{\"c\":3}", 2)).utf8), key: key).problems
      == [.reordered(record: 2, due: 1)])
    // A relay that drops record 1 and renumbers record 2: the seal covers the number.
    let renumbered = line("{\"c\":3}", 2).replacingOccurrences(of: "2 ", with: "1 ", options: .anchored)
    #expect(EventFrames(stream: Data((line("{}", 0) + renumbered).utf8), key: key).problems == [.unsealedLine])
    // A record sealed with another run's key.
    let other = try #require(RecordSeal(key: "ffeeddccbbaa99887766554433221100"))
    #expect(!EventFrames(stream: Data(line("{}", 0, other).utf8), key: key).problems.isEmpty)
    #expect(!EventFrames(stream: Data("{\"kind\":\"event\"}\n".utf8), key: key).problems.isEmpty)
  }

  @Test("The seal is SipHash-2-4, as its authors' test vector gives it")
  func sipHashVector() {
    // The reference implementation's vector: key 00 01 … 0f, message 00 01 … 0e (15 bytes).
    let message = (0..<15).map { UInt8($0) }
    let k0 = UInt64(littleEndian: 0x0706_0504_0302_0100)
    let k1 = UInt64(littleEndian: 0x0f0e_0d0c_0b0a_0908)
    #expect(RecordSeal.sipHash(message, k0: k0, k1: k1) == 0xa129_ca61_49be_45e5)
  }

  @Test("A record's seal, hashed where the record lies, is SipHash-2-4 of its number and bytes, whatever the record's length")
  func sealInPlace() throws {
    let k0: UInt64 = 0x0706_0504_0302_0100
    let k1: UInt64 = 0x0f0e_0d0c_0b0a_0908
    let seal = try #require(RecordSeal(key: RecordSeal.hex(k0) + RecordSeal.hex(k1)))
    // The vector again: its first eight bytes are the sequence number, little-endian.
    #expect(seal.seal(Data((8..<15).map { UInt8($0) }), sequence: 0x0706_0504_0302_0100) == 0xa129_ca61_49be_45e5)
    for length in 0..<40 {
      let record = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      let sequence = 1_000 + length
      let message = withUnsafeBytes(of: UInt64(sequence).littleEndian) { Array($0) } + record
      let expected = RecordSeal.sipHash(message, k0: k0, k1: k1)
      #expect(seal.seal(record, sequence: sequence) == expected, "length \(length)")
      #expect(seal.seal(Data(record), sequence: sequence) == expected, "length \(length)")
      #expect(seal.seal(record.lazy.map { $0 }, sequence: sequence) == expected, "length \(length), not contiguous")
      #expect(seal.open(seal.frame(record, sequence: sequence), sequence: sequence) == record[...])
    }
  }

  static let isolation = Isolation.probe(spawner: Spawner(), scratch: FileManager.default.temporaryDirectory)
}
