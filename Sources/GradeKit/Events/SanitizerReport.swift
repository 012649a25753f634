/// ThreadSanitizer's reports, read from what a test binary printed, trimmed to what a learner acts on.
///
/// A report does not fail a test by itself, and a run with one exits with
/// ThreadSanitizer's own status (66) after every test passed; the grader turns
/// each report into a finding instead. A report lists the two accesses that
/// raced, each with a stack of a dozen frames mostly in the runtime; the
/// trimmed report keeps the warning, each access with its first frame in a
/// Swift file that is not compiler-generated, and the summary.
import Foundation

enum SanitizerReport {
  /// The reports in `output`, trimmed, at most three.
  static func reports(in output: String) -> [String] {
    guard output.contains("WARNING: ThreadSanitizer") else { return [] }
    let blocks = output.components(separatedBy: "==================").filter { $0.contains("WARNING: ThreadSanitizer") }
    return blocks.prefix(3).map(trimmed)
  }

  /// One report's warning, accesses and summary.
  static func trimmed(_ block: String) -> String {
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
      } else if wantFrame, line.hasPrefix("#"), line.contains(".swift"), !line.contains("<compiler-generated>") {
        // "#0 $s4Lab7CounterC9incrementyyF /path/Counter.swift:12:5 (lib+0x1) (BuildId: …)": the symbol and the place.
        let parts = line.split(separator: " ")
        let place = parts.first { $0.contains(".swift") }.map { String($0.split(separator: "/").last ?? $0) } ?? ""
        kept.append("    in \(parts.count > 1 ? String(parts[1]) : "?") at \(place)")
        wantFrame = false
      } else if line.hasPrefix("SUMMARY:") {
        kept.append(line)
      }
    }
    return kept.joined(separator: "\n")
  }

  /// The reports with Swift's mangled symbols (`$s4Lab7CounterC9incrementyyF`) in words, by `swift-demangle`.
  static func demangled(_ reports: [String], runner: ProcessRunner) -> [String] {
    let symbols = Set(reports.flatMap { $0.split(separator: " ").map(String.init).filter { $0.hasPrefix("$s") } })
    guard !symbols.isEmpty else { return reports }
    let ordered = symbols.sorted()
    guard let outcome = try? runner.run(["swift-demangle", "--simplified", "--compact"] + ordered, until: .now + .seconds(30)),
      outcome.succeeded
    else { return reports }
    let names = outcome.output.split(separator: "\n").map(String.init)
    guard names.count == ordered.count else { return reports }
    return reports.map { report in
      var text = report
      for (symbol, name) in zip(ordered, names) { text = text.replacingOccurrences(of: symbol, with: name) }
      return text
    }
  }
}
