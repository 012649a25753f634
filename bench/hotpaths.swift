// The grader's hot paths, timed as the build `swift run grade` makes them: a run's event stream
// checked and unframed (`EventFrames`, which opens every record's seal), the same stream decoded
// (`TestRunReport`), and files fingerprinted (`Fingerprint`, under every cache key).
// Compiled and run by bench/hotpaths.sh against a package's own build; prints one line per path:
// its name and the best time of several rounds, in milliseconds.
import Foundation
import GradeCatalog
import GradeEvents
import GradeWire

let key = "00112233445566778899aabbccddeeff"
let seal = RecordSeal(key: key)!

/// A stream as a lesson's run writes it: each test announced, started, an issue for some, ended.
func records(tests: Int) -> [String] {
  var lines: [String] = []
  let location = #""sourceLocation":{"fileID":"CallbackTestingTests/NoteImporterTests.swift","filePath":"/box/NoteImporterTests.swift","line":42,"column":3}"#
  for test in 0..<tests {
    let id = "CallbackTestingTests.NoteImporterTests/importsEveryNote\(test)()/NoteImporterTests.swift:\(40 + test):3"
    lines.append(#"{"version":0,"kind":"test","payload":{"kind":"function","id":"\#(id)","name":"importsEveryNote\#(test)()","displayName":"imports every note \#(test)",\#(location),"isParameterized":false}}"#)
  }
  for test in 0..<tests {
    let id = "CallbackTestingTests.NoteImporterTests/importsEveryNote\(test)()/NoteImporterTests.swift:\(40 + test):3"
    let instant = #""instant":{"absolute":123456.789,"since1970":1764370000.123}"#
    lines.append(#"{"version":0,"kind":"event","payload":{"kind":"testStarted","testID":"\#(id)",\#(instant),"messages":[]}}"#)
    if test % 4 == 0 {
      lines.append(#"{"version":0,"kind":"event","payload":{"kind":"issueRecorded","testID":"\#(id)",\#(instant),"issue":{"isKnown":false,\#(location)},"messages":[{"symbol":"fail","text":"Expectation failed: (importer.count → 2) == 3"}]}}"#)
    }
    lines.append(#"{"version":0,"kind":"event","payload":{"kind":"testEnded","testID":"\#(id)",\#(instant),"messages":[]}}"#)
  }
  lines.append(#"{"version":0,"kind":"event","payload":{"kind":"runEnded","instant":{"absolute":1,"since1970":1},"messages":[]}}"#)
  return lines
}

let lines = records(tests: 400)
var stream = Data()
for (sequence, line) in lines.enumerated() {
  stream.append(contentsOf: seal.frame(Array(line.utf8), sequence: sequence))
  stream.append(UInt8(ascii: "\n"))
}
let unframed = Data((lines.joined(separator: "\n") + "\n").utf8)
// A lesson's files, as a variant's key reads them: 60 files of 4 kB.
let files = (0..<60).map { index in ("Sources/File\(index).swift", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })) }

/// The best of `rounds` timings of `body`, in milliseconds.
func best(_ rounds: Int, _ body: () -> Void) -> Double {
  var fastest = Double.infinity
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    fastest = min(fastest, Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
  }
  return fastest
}

let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 7
var sink = 0
let frames = best(rounds) {
  let checked = EventFrames(stream: stream, key: key)
  precondition(checked.problems.isEmpty && checked.records == unframed, "the stream did not check out")
  sink &+= checked.records.count
}
let report = best(rounds) { sink &+= TestRunReport(eventStream: unframed).tests.count }
let fingerprint = best(rounds) { sink &+= Fingerprint.of(files, settings: ["a", "b"]).count }
print(String(format: "seal-check  %.3f ms  (%d records, %d bytes)", frames, lines.count, stream.count))
print(String(format: "decode      %.3f ms", report))
print(String(format: "fingerprint %.3f ms  (%d bytes)", fingerprint, files.reduce(0) { $0 + $1.1.count }))
if sink == 42 { print("") }
