import Foundation
import GradeProcesses

/// ThreadSanitizer's reports, read from what a graded run printed, trimmed to what a learner acts on.
///
/// A report does not fail a test by itself, and a run with one exits with
/// ThreadSanitizer's own status (66) after every test passed; the grader turns
/// each report into a finding instead. A report lists the two accesses that
/// raced, each with a stack of a dozen frames mostly in the runtime; the
/// trimmed report keeps the warning, each access with its first frame in a
/// Swift file that is not compiler-generated, and the summary.
///
/// Runs print their reports unsymbolized (`symbolize=0`): a run cannot read its
/// own program, so it could not name its frames itself. Each frame says which
/// file it is in and where, as `(libLab.so+0x1e13)`, and the grader names it
/// here, with `llvm-symbolizer` on the files it built.
package enum SanitizerReport {
  /// The reports in `output`, at most three, symbolized with the files `modules` names
  /// (by the file names a run sees them under) and trimmed.
  package static func reports(in output: String, modules: [String: URL], toolchain: String, spawner: Spawner) -> [String] {
    guard output.contains("WARNING: ThreadSanitizer") else { return [] }
    let blocks = Array(output.components(separatedBy: "==================").filter { $0.contains("WARNING: ThreadSanitizer") }.prefix(3))
    let names = symbolize(blocks, modules: modules, toolchain: toolchain, spawner: spawner)
    return demangled(blocks.map { trimmed($0, names: names) }, spawner: spawner)
  }

  /// A frame's place as a run prints it: the file it is in and the offset in it.
  struct Place: Hashable {
    var module: String
    var offset: String
  }

  /// What `llvm-symbolizer` said of a place: the function's (mangled) name and `file:line:column`.
  struct Name {
    var symbol: String
    var location: String
  }

  /// The place in a frame line such as `#0 <null> <null> (libLab.so+0x1e13) (BuildId: …)`.
  static func place(in line: Substring) -> Place? {
    guard let open = line.firstIndex(of: "("), let plus = line[open...].firstIndex(of: "+"),
      let close = line[plus...].firstIndex(of: ")")
    else { return nil }
    let module = line[line.index(after: open)..<plus].split(separator: "/").last.map(String.init) ?? ""
    let offset = String(line[line.index(after: plus)..<close])
    guard offset.hasPrefix("0x"), offset.dropFirst(2).allSatisfy(\.isHexDigit), !module.isEmpty else { return nil }
    return Place(module: module, offset: offset)
  }

  /// Names every frame's place in `blocks` that lies in one of `modules`, with one `llvm-symbolizer` run.
  static func symbolize(_ blocks: [String], modules: [String: URL], toolchain: String, spawner: Spawner) -> [Place: Name] {
    var places: [Place] = []
    var seen: Set<Place> = []
    for block in blocks {
      for line in block.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
        if let place = place(in: line), modules[place.module] != nil, seen.insert(place).inserted { places.append(place) }
      }
    }
    guard !places.isEmpty else { return [:] }
    let input = places.map { "\"\(modules[$0.module]!.path)\" \($0.offset)" }.joined(separator: "\n") + "\n"
    let folder = FileManager.default.temporaryDirectory.appending(path: "grade-symbolize-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
      (try? Data(input.utf8).write(to: folder.appending(path: "input"))) != nil,
      let outcome = try? spawner.run(
        ["/bin/sh", "-c", "exec \"$0\" --no-demangle --relative-address < \"$1\"", "\(toolchain)/bin/llvm-symbolizer",
         folder.appending(path: "input").path],
        until: .now + .seconds(60), streams: .separate),
      outcome.succeeded
    else { return [:] }
    // One answer per place: the function's name, its place, and a blank line.
    let answers = outcome.output.components(separatedBy: "\n\n").map { $0.split(separator: "\n").map(String.init) }
    var names: [Place: Name] = [:]
    for (place, answer) in zip(places, answers) where answer.count >= 2 && answer[0] != "??" {
      names[place] = Name(symbol: answer[0], location: answer[1])
    }
    return names
  }

  /// One report's warning, accesses and summary, each access with its first frame in a learner's or
  /// lesson's Swift file.
  static func trimmed(_ block: String, names: [Place: Name]) -> String {
    var kept: [String] = []
    var wantFrame = false
    for raw in block.split(separator: "\n") {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("WARNING: ThreadSanitizer") {
        // "(pid=1234)" differs every run and says nothing.
        kept.append(line.components(separatedBy: " (pid=").first ?? line)
      } else if line.contains(" by thread ") || line.contains(" by main thread"), !line.hasPrefix("Thread "), !line.hasPrefix("Location") {
        kept.append("  " + line.replacingOccurrences(of: #" at 0x[0-9a-f]+"#, with: "", options: .regularExpression))
        wantFrame = true
      } else if wantFrame, line.hasPrefix("#"), let place = place(in: raw), let name = names[place],
        name.location.contains(".swift"), !name.location.contains("<compiler-generated>")
      {
        kept.append("    in \(name.symbol) at \(shown(name.location))")
        wantFrame = false
      } else if line.hasPrefix("SUMMARY:") {
        kept.append(line.components(separatedBy: " (").first ?? line)
      }
    }
    return kept.joined(separator: "\n")
  }

  /// A frame's `file:line:column` as the learner reads it: the file's name without its folders,
  /// and no line or column where the symbolizer knows none (it says line 0, which is no line).
  static func shown(_ location: String) -> String {
    let file = location.split(separator: "/").last.map(String.init) ?? location
    let parts = file.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[1] == "0" else { return file }
    return String(parts[0])
  }

  /// The reports with Swift's mangled symbols (`$s4Lab7CounterC9incrementyyF`) in words, by `swift-demangle`.
  static func demangled(_ reports: [String], spawner: Spawner) -> [String] {
    let symbols = Set(reports.flatMap { $0.split(separator: " ").map(String.init).filter { $0.hasPrefix("$s") } })
    guard !symbols.isEmpty else { return reports }
    let ordered = symbols.sorted()
    guard let outcome = try? spawner.run(
      ["swift-demangle", "--simplified"] + ordered, until: .now + .seconds(30), streams: .separate),
      outcome.succeeded
    else { return reports }
    // swift-demangle prints "symbol ---> name" per line.
    var names: [String: String] = [:]
    for line in outcome.output.split(separator: "\n") {
      let parts = line.components(separatedBy: " ---> ")
      if parts.count == 2 { names[parts[0]] = parts[1] }
    }
    return reports.map { report in
      var text = report
      for symbol in ordered { if let name = names[symbol] { text = text.replacingOccurrences(of: symbol, with: name) } }
      return text
    }
  }
}
