import Foundation

/// The records a graded run's entry point wrote on descriptor 3, each framed as
/// `<token> <sequence> <record>`, checked and unframed.
///
/// The token is a secret made for the run (`Box.token()`) and the sequence counts
/// from 0. Code in the run can write to the same pipe, but it knows neither the
/// token nor which number is next: a line it writes, a record it keeps from being
/// written, or records it reorders all show here as problems, and a run with a
/// problem is void.
struct EventFrames {
  /// The records, framing removed, one per line.
  var records: Data
  /// What does not add up, in words; empty when every line is the entry point's, in order.
  var problems: [String]

  /// Checks and unframes `stream`.
  init(stream: Data, token: String) {
    var records = Data()
    var problems: [String] = []
    var expected = 0
    let prefix = Array("\(token) ".utf8)
    var lines = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // A run stopped by a limit may be cut in the middle of its last line; that line says nothing.
    if let last = lines.last, stream.last != UInt8(ascii: "\n") || last.isEmpty { lines.removeLast() }
    for line in lines {
      guard line.starts(with: prefix) else {
        problems.append("the event stream holds a line the test harness did not write")
        break
      }
      let rest = line.dropFirst(prefix.count)
      guard let space = rest.firstIndex(of: UInt8(ascii: " ")),
        let sequence = Int(String(decoding: rest[rest.startIndex..<space], as: UTF8.self))
      else {
        problems.append("the event stream holds a line the test harness did not write")
        break
      }
      guard sequence == expected else {
        problems.append("the event stream lost or reordered records (record \(sequence) came where \(expected) was due)")
        break
      }
      expected += 1
      records.append(contentsOf: rest[rest.index(after: space)...])
      records.append(UInt8(ascii: "\n"))
    }
    self.records = records
    self.problems = problems
  }
}
