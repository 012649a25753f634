import Foundation
@testable import GradeBox
import GradeCatalog
import Testing

/// The Darwin box's Seatbelt profile, as text: what it allows, and that no path can add a rule.
@Suite("Seatbelt profile")
struct SeatbeltProfileTests {
  /// A run's profile with ordinary paths.
  let profile = SeatbeltProfile(
    toolchain: "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr",
    program: "/private/var/folders/ab/run/bin/tests", libraries: ["/private/var/folders/ab/run/bin/libTests.dylib"],
    work: "/private/var/folders/ab/run/work")

  @Test("It denies by default and allows the system, the toolchain, the program, the devices, the scratch folder, forks and the program's start, one rule a line")
  func wholeText() throws {
    let expected = """
      (version 1)
      (deny default)
      (import "system.sb")
      (allow file-read-metadata)
      (allow file-read* (subpath "/System") (subpath "/usr/lib") (subpath "/usr/share") (subpath "/Library/Apple") (subpath "/private/var/db/dyld") (subpath "/private/var/db/timezone") (subpath "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr") (literal "/private/var/folders/ab/run/bin/tests") (literal "/private/var/folders/ab/run/bin/libTests.dylib"))
      (allow file-read* file-write-data (literal "/dev/null") (literal "/dev/zero") (literal "/dev/random") (literal "/dev/urandom"))
      (allow file-read* file-write* (subpath "/private/var/folders/ab/run/work"))
      (allow process-fork)
      (allow process-exec (literal "/private/var/folders/ab/run/bin/tests"))

      """
    #expect(try profile.text() == expected)
  }

  @Test("Nothing allows the network, writing outside the scratch folder and the devices, or starting another program")
  func nothingElse() throws {
    let forms = try SExpression.forms(of: profile.text())
    #expect(!forms.contains { $0.words.contains { $0.hasPrefix("network") } })
    let writes = forms.filter { $0.words.first == "allow" && $0.words.contains { $0.hasPrefix("file-write") } }
    let written = writes.flatMap(\.strings)
    #expect(Set(written) == Set(SeatbeltProfile.devices + [profile.work]))
    let starts = forms.filter { $0.words.first == "allow" && $0.words.contains { $0.hasPrefix("process-exec") } }
    #expect(starts.flatMap(\.strings) == [profile.program])
    #expect(!forms.contains { $0.words.contains("process*") || $0.words.contains("default") && $0.words.first == "allow" })
  }

  @Test(
    "A path with quotes, backslashes, parentheses or a semicolon stays one string: no rule is added",
    arguments: [
      #"/Users/a"b/work"#,
      #"/Users/x") (allow network*) (allow file-write* (subpath "/"#,
      #"/Users/back\slash\"/work"#,
      "/Users/semi;colon (allow default)/work",
      #"/Users/ends with backslash\"#,
    ])
  func hostilePath(_ path: String) throws {
    let hostile = SeatbeltProfile(toolchain: "/usr", program: "/run/bin/tests", libraries: [], work: path)
    let text = try hostile.text()
    let forms = try SExpression.forms(of: text)
    #expect(forms.count == 9, "\(text)")
    let writes = forms.filter { $0.words.first == "allow" && $0.words.contains("file-write*") }
    #expect(writes.map(\.strings) == [[path]], "\(text)")
    #expect(!forms.contains { $0.words.contains { $0.hasPrefix("network") } })
  }

  @Test("A path with a control character, or one that is not absolute, is refused by name", arguments: ["/Users/a\nb", "/Users/a\u{7f}", "/Users/tab\there", "work"])
  func refusedPath(_ path: String) {
    let profile = SeatbeltProfile(toolchain: "/usr", program: "/run/bin/tests", libraries: [path], work: "/run/work")
    #expect(throws: SeatbeltProfile.Unusable.self) { try profile.text() }
    do {
      _ = try profile.text()
    } catch {
      #expect(error.path == path)
    }
  }

  @Test("The Darwin box starts sandbox-exec with the run's profile, then the program; the other boxes start the program itself")
  func startingWords() throws {
    var isolation = Isolation.unconfined(.darwin, toolchain: "/usr", reason: "test")
    let words = try Box.starting("/run/bin/tests", libraries: ["/run/bin/libTests.so"], work: "/run/work", in: isolation)
    let profile = SeatbeltProfile(toolchain: "/usr", program: "/run/bin/tests", libraries: ["/run/bin/libTests.so"], work: "/run/work")
    #expect(words == [SeatbeltProfile.sandboxExec, "-p", try profile.text(), "/run/bin/tests"])
    isolation.box = .portable
    #expect(try Box.starting("/run/bin/tests", libraries: [], work: "/run/work", in: isolation) == ["/run/bin/tests"])
    isolation.box = .linux
    #expect(try Box.starting("/run/bin/tests", libraries: [], work: "/run/work", in: isolation) == ["/run/bin/tests"])
  }

  @Test("A path the profile cannot name stops the run with its reason, before anything starts")
  func unusablePathStopsTheRun() {
    let isolation = Isolation.unconfined(.darwin, toolchain: "/usr", reason: "test")
    #expect(throws: GradeError.infrastructure("the run's Seatbelt profile cannot name /run/wo\nrk: it holds a control character")) {
      try Box.starting("/run/bin/tests", libraries: [], work: "/run/wo\nrk", in: isolation)
    }
  }
}

/// A reader of the profile's syntax, as far as these tests need: forms of words and strings.
struct SExpression {
  /// A top-level form: its bare words and its strings, at any depth, in order.
  var words: [String] = []
  var strings: [String] = []

  struct Malformed: Error {}

  /// The top-level forms of `text`; strings are read with `\` escaping the next character.
  static func forms(of text: String) throws -> [SExpression] {
    var forms: [SExpression] = []
    var current = SExpression()
    var depth = 0
    var scalars = Array(text.unicodeScalars)[...]
    var word = ""
    func endWord() {
      if !word.isEmpty { current.words.append(word) }
      word = ""
    }
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "(":
        endWord()
        depth += 1
      case ")":
        endWord()
        depth -= 1
        guard depth >= 0 else { throw Malformed() }
        if depth == 0 {
          forms.append(current)
          current = SExpression()
        }
      case "\"":
        endWord()
        var string = ""
        var closed = false
        while let next = scalars.popFirst() {
          if next == "\\" {
            guard let escaped = scalars.popFirst() else { throw Malformed() }
            string.unicodeScalars.append(escaped)
          } else if next == "\"" {
            closed = true
            break
          } else {
            string.unicodeScalars.append(next)
          }
        }
        guard closed else { throw Malformed() }
        current.strings.append(string)
      case " ", "\n", "\t":
        endWord()
      case ";":
        // A comment runs to the end of the line; the profile writes none, so one is a breach.
        throw Malformed()
      default:
        word.unicodeScalars.append(scalar)
      }
    }
    guard depth == 0 else { throw Malformed() }
    return forms
  }
}
