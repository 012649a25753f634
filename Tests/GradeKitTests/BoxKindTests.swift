import Foundation
@testable import GradeBox
import GradeProcesses
import Testing

/// Which box a grader uses, chosen once from the platform and `GRADE_BOX`, and what each box says holds.
@Suite("Box kinds")
struct BoxKindTests {
  @Test("Each platform has its own box unless GRADE_BOX names the portable one", arguments: [
    (HostPlatform.linux, [String: String](), BoxKind.linux),
    (.linux, ["GRADE_BOX": "portable"], .portable),
    (.linux, ["GRADE_BOX": "linux"], .linux),
    (.linux, ["GRADE_BOX": ""], .linux),
    (.macOS, [:], .darwin),
    (.macOS, ["GRADE_BOX": "portable"], .portable),
    (.macOS, ["GRADE_BOX": "darwin"], .darwin),
  ])
  func chosen(_ platform: HostPlatform, _ environment: [String: String], _ expected: BoxKind) {
    #expect(BoxKind.chosen(on: platform, environment: environment) == .success(expected))
  }

  @Test("A box the system cannot make, or a word that names none, is refused with what to set instead", arguments: [
    (HostPlatform.linux, "darwin", "GRADE_BOX=darwin is not a box this system can make; unset it, or use GRADE_BOX=linux or GRADE_BOX=portable"),
    (.macOS, "linux", "GRADE_BOX=linux is not a box this system can make; unset it, or use GRADE_BOX=darwin or GRADE_BOX=portable"),
    (.linux, "Portable", "GRADE_BOX=Portable is not a box this system can make; unset it, or use GRADE_BOX=linux or GRADE_BOX=portable"),
    (.linux, "none", "GRADE_BOX=none is not a box this system can make; unset it, or use GRADE_BOX=linux or GRADE_BOX=portable"),
  ])
  func refused(_ platform: HostPlatform, _ asked: String, _ message: String) {
    #expect(BoxKind.chosen(on: platform, environment: ["GRADE_BOX": asked]) == .failure(BoxKind.Refused(message: message)))
  }

  @Test("GRADE_BOX=portable on Linux gives the portable box: a launcher, no namespaces, no confinement, code not hidden")
  func probePortable() throws {
    let scratch = FileManager.default.temporaryDirectory.appending(path: "grade-box-kind-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let isolation = Isolation.probe(spawner: Spawner(), scratch: scratch, platform: .linux, environment: ["GRADE_BOX": "portable"])
    #expect(isolation.box == .portable)
    #expect(isolation.launcher != nil, "\(isolation.reason ?? "")")
    #expect(!isolation.namespaces && !isolation.confinement && !isolation.codeHidden && !isolation.dropPrivileges)
    #expect(isolation.reason == "GRADE_BOX=portable")
  }

  @Test("A refused GRADE_BOX leaves the box without a launcher, so no run starts, and the notice says why")
  func probeRefused() throws {
    let scratch = FileManager.default.temporaryDirectory.appending(path: "grade-box-kind-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let isolation = Isolation.probe(spawner: Spawner(), scratch: scratch, platform: .linux, environment: ["GRADE_BOX": "darwin"])
    #expect(isolation.launcher == nil)
    #expect(isolation.notice?.contains("(GRADE_BOX=darwin is not a box this system can make;") == true, "\(isolation.notice ?? "")")
  }

  @Test("The portable box says exactly what is off, and that the limits hold")
  func portableNotice() {
    let isolation = Isolation.unconfined(.portable, toolchain: "/usr", reason: "GRADE_BOX=portable")
    #expect(isolation.notice == """
      Protections of the box tests run in are off on this machine (GRADE_BOX=portable): tests can reach the network; \
      tests can read and write your files (only the grader's own copies are graded); \
      a process a test starts in a process group or session of its own (Foundation's Process starts each in a session of its own on Linux) can outlive the run; \
      the number of processes a test starts is not capped; \
      tests can read the bytes of the code they test, so a test could tell a correct version from a buggy one without testing it. \
      Time, memory, file-size and output limits still hold. See the README's "Limits".
      """)
  }

  @Test("The Darwin box says what Seatbelt holds, and what is off: no memory cap, no late-events run, no code hiding")
  func darwinNotice() {
    let isolation = Isolation.unconfined(.darwin, toolchain: "/usr", reason: "macOS has no namespaces, Landlock or seccomp")
    #expect(isolation.notice == """
      Protections of the box tests run in are off on this machine (macOS has no namespaces, Landlock or seccomp): \
      a process a test starts in a process group or session of its own can outlive the run; \
      the number of processes a test starts is not capped; \
      memory is not capped (macOS does not hold a process to an address-space limit); \
      tests can read the bytes of the code they test, so a test could tell a correct version from a buggy one without testing it. \
      Still held: Seatbelt lets tests read only the system, the toolchain and the run's program, write only the run's own folder, \
      start no other program and reach no network; the time, file-size and output limits hold, and the run's process group is ended at the time limit. \
      See the README's "Limits".
      """)
  }

  @Test("Where grades count, only the platform's own box: a lighter one asked for is refused, never used")
  func gradesCountInTheOwnBox() {
    let portable = ["GRADE_BOX": "portable"]
    #expect(BoxKind.chosen(on: .linux, environment: portable, for: .learning) == .success(.portable))
    #expect(BoxKind.chosen(on: .linux, environment: ["GRADE_BOX": "linux"], for: .gradesCount) == .success(.linux))
    #expect(BoxKind.chosen(on: .linux, environment: [:], for: .gradesCount) == .success(.linux))
    guard case .failure(let refused) = BoxKind.chosen(on: .linux, environment: portable, for: .gradesCount) else {
      Issue.record("a portable box where grades count was not refused")
      return
    }
    #expect(refused.message.contains("grades that count are made in the linux box only"))
  }

  @Test("Only the Darwin box leaves out the address-space limit")
  func capabilities() {
    #expect(BoxKind.allCases.filter { !$0.capsAddressSpace } == [.darwin])
  }
}
