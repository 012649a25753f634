import Foundation

/// The commands the Swift driver runs to build a base's program file by file, recorded once
/// (`swiftc -###`), so that a variant of the base compiles its own files and links in two
/// processes instead of five: no driver, which takes 0.07 s of CPU just to start (a fifth of
/// a variant's build), and no `swift-autolink-extract`, since the base's list of libraries
/// stands for its variants.
///
/// Recorded with every file in one batch, the frontend's job reads
/// `swift-frontend -frontend -c (-primary-file NAME)… -supplementary-output-file-map MAP FLAGS… (-o OBJECT)…`.
/// The plan keeps FLAGS, which hold whichever files are compiled, and the link job as the
/// driver wrote it. A job of any other shape, or an argument the driver had to quote, and
/// there is no plan: the driver builds the variants, as it always can.
struct DriverPlan: Codable, Equatable {
  /// The frontend's path.
  var frontend: String
  /// The frontend's arguments other than its inputs and outputs.
  var flags: [String]
  /// The link job, run in the source folder.
  var link: [String]

  /// The file a base's plan is kept in, beside its sources and objects.
  static let fileName = "driver-plan.json"
  /// The file that says a base has no plan, so that it is not asked for again.
  static let noneFileName = "driver-plan.none"

  /// The plan in the driver's printed `jobs` for the module's files `names` (every one a
  /// primary, in one batch) with their objects in the folder `objects`; `nil` for any other shape.
  init?(jobs: String, names: [String], objects: String) {
    let lines = jobs.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    // Plain words only: a quoted or escaped argument would need the shell's rules to read back.
    guard lines.count >= 2, !jobs.contains(where: { "'\"\\`$".contains($0) }) else { return nil }
    let words = lines.map { $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init) }
    let job = words[0]
    let inputs = names.flatMap { ["-primary-file", $0] }
    let outputs = names.flatMap { ["-o", "\(objects)/\(Self.stem($0)).o"] }
    guard job.count > 5 + inputs.count + outputs.count, job[0].hasSuffix("swift-frontend"), job[1...2] == ["-frontend", "-c"],
      Array(job[3..<(3 + inputs.count)]) == inputs, job[3 + inputs.count] == "-supplementary-output-file-map",
      Array(job.suffix(outputs.count)) == outputs
    else { return nil }
    // Between the two, only the library list's extraction, whose product the base keeps.
    guard words.dropFirst().dropLast().allSatisfy({ $0.first?.hasSuffix("swift-autolink-extract") == true }),
      let link = words.last, !link.contains(where: { $0.isEmpty || $0.contains("TemporaryDirectory") })
    else { return nil }
    frontend = job[0]
    flags = Array(job[(5 + inputs.count)..<(job.count - outputs.count)])
    self.link = link
    guard !flags.contains(where: { $0.isEmpty || $0.contains("TemporaryDirectory") }) else { return nil }
  }

  /// The frontend's command that compiles `primaries` of the module's files `names`, each to
  /// its object in `objects`, its other outputs as the file `map` says.
  func compile(_ primaries: Set<String>, names: [String], map: String, objects: String) -> [String] {
    let compiled = names.filter(primaries.contains)
    return [frontend, "-frontend", "-c"] + names.flatMap { primaries.contains($0) ? ["-primary-file", $0] : [$0] }
      + ["-supplementary-output-file-map", map] + flags + compiled.flatMap { ["-o", "\(objects)/\(Self.stem($0)).o"] }
  }

  /// A source file's name without `.swift`: the name of its object and dependency files.
  static func stem(_ name: String) -> String { (name as NSString).deletingPathExtension }

  /// The plan kept in `folder`, recorded by `record` and kept there the first time it is asked
  /// for: a base's (`DriverPlan`), or a whole-module compile's (`WholeModule`).
  static func load<Plan: Codable>(from folder: URL, record: () -> Plan?) -> Plan? {
    let file = folder.appending(path: fileName)
    if let data = try? Data(contentsOf: file), let plan = try? JSONDecoder().decode(Plan.self, from: data) { return plan }
    let none = folder.appending(path: noneFileName)
    if FileManager.default.fileExists(atPath: none.path) { return nil }
    guard let plan = record(), let data = try? JSONEncoder().encode(plan) else {
      try? Data().write(to: none, options: .atomic)
      return nil
    }
    try? data.write(to: file, options: .atomic)
    return plan
  }
}
