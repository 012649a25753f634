import Foundation
import GradeWire

/// The records a graded run's entry point wrote on descriptor 3, each framed as
/// `<sequence> <seal> <record>` (`RecordSeal`), checked and unframed.
///
/// The seal is keyed by a secret made for the run (`Box.key()`) and the sequence
/// counts from 0. Code in the run can write to the same pipe, or read and relay
/// what the entry point writes, but it cannot seal a record: a line it writes, a
/// record it keeps from being written, or records it reorders or renumbers all show
/// here as problems, and a run with a problem is void.
package struct EventFrames {
  /// The records, framing removed, one per line.
  package var records: Data
  /// What does not add up, in words; empty when every line is the entry point's, in order.
  package var problems: [StreamProblem]

  /// Checks and unframes `stream`, sealed with `key`.
  package init(stream: Data, key: String) {
    var records = Data()
    var problems: [StreamProblem] = []
    var lines = stream.lines(omittingEmpty: false)
    // A run stopped by a limit may be cut in the middle of its last line; that line says nothing.
    if let last = lines.last, stream.last != UInt8(ascii: "\n") || last.isEmpty { lines.removeLast() }
    guard let seal = RecordSeal(key: key) else {
      self.init(records: Data(), problems: lines.isEmpty ? [] : [.foreignKey])
      return
    }
    for (sequence, line) in lines.enumerated() {
      guard let record = seal.open(line, sequence: sequence) else {
        // A record the harness sealed under another number was moved; anything else it never wrote.
        let number = Int(String(decoding: line.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self))
        if let number, number != sequence, seal.open(line, sequence: number) != nil {
          problems.append(.reordered(record: number, due: sequence))
        } else {
          problems.append(.unsealedLine)
        }
        break
      }
      records.append(contentsOf: record)
      records.append(UInt8(ascii: "\n"))
    }
    self.init(records: records, problems: problems)
  }

  private init(records: Data, problems: [StreamProblem]) {
    self.records = records
    self.problems = problems
  }
}
