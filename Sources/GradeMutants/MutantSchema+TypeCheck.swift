import Foundation
import GradeCatalog
import GradeProcesses

extension MutantSchema {
  /// How to type-check a schema: the module it belongs to and how that module compiles.
  package struct Compilation: Sendable {
    /// The module's name.
    var module: String
    /// The module's files that hold no mutants, compiled as they are.
    var companions: [URL]
    /// What else the module is compiled with, as `swiftc` arguments
    /// (`["-swift-version", "5"]`, `["-default-isolation", "MainActor"]`).
    var arguments: [String]
    /// Clang's module cache.
    var moduleCache: URL

    /// Creates how to type-check a schema of `module`.
    package init(module: String, companions: [URL], arguments: [String], moduleCache: URL) {
      self.module = module
      self.companions = companions
      self.arguments = arguments
      self.moduleCache = moduleCache
    }
  }

  /// This schema with every mutant the compiler refuses dropped, so that it compiles.
  ///
  /// The schema's files are written to `folder` and compiled as far as SIL (`swiftc -emit-sil`)
  /// with the companions. Each error is blamed on the innermost mutant region around it, and
  /// those mutants are dropped, until the schema compiles or `rounds` run out. An error
  /// with no mutant before it means the original module does not compile, and throws.
  package func typeChecked(
    _ compilation: Compilation, in folder: URL, spawner: Spawner = Spawner(), rounds: Int = 12
  ) throws(GradeError) -> MutantSchema {
    var schema = self
    for _ in 0..<rounds {
      let errors = try schema.errors(compilation, in: folder, spawner: spawner)
      if errors.isEmpty { return schema }
      var blamed: [Int: String] = [:]
      for error in errors {
        guard let numbers = schema.blame(error), !numbers.isEmpty else {
          throw .infrastructure("the mutant schema does not compile, and no mutant is to blame: \(error.file):\(error.line): \(error.message)")
        }
        for number in numbers where blamed[number] == nil { blamed[number] = error.message }
      }
      let drops = blamed.keys.sorted().compactMap { number in
        schema.mutant(number: number).map { Dropped(mutant: $0, reason: "does not compile: \(blamed[number] ?? "")") }
      }
      let dropping = Set(drops.map(\.mutant.id))
      schema = MutantSchema(
        sources: schema.sources, mutants: schema.mutants.filter { !dropping.contains($0.id) }, dropped: schema.dropped + drops)
    }
    throw .infrastructure("the mutant schema still does not compile after \(rounds) rounds of dropping mutants")
  }

  /// One error the compiler reported.
  package struct CompileError: Sendable, Equatable {
    /// The file's name.
    var file: String
    /// The line, from 1.
    var line: Int
    /// The column, from 1.
    var column: Int
    /// What the compiler said.
    var message: String
  }

  /// Writes the schema to `folder` and returns the errors of compiling it.
  func errors(_ compilation: Compilation, in folder: URL, spawner: Spawner) throws(GradeError) -> [CompileError] {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for file in files { try Data(file.text.utf8).write(to: folder.appending(path: file.name)) }
    } catch {
      throw .infrastructure("could not write the mutant schema to \(folder.path): \(error)")
    }
    // SIL, not `-typecheck`: definite initialization and other mandatory checks run on SIL,
    // and a mutant that only they refuse would otherwise break the build that runs it.
    let command = ["-emit-sil", "-wmo", "-Onone", "-o", folder.appending(path: "schema.sil").path]
      + files.map { folder.appending(path: $0.name).path } + compilation.companions.map(\.path)
      + ["-module-name", compilation.module, "-module-cache-path", compilation.moduleCache.path] + compilation.arguments
    let outcome = try spawner.runDriver(command, until: .now + .seconds(300), streams: .merged)
    if outcome.succeeded { return [] }
    let found = Self.compileErrors(in: outcome.output)
    if found.isEmpty { throw .infrastructure("type-checking the mutant schema failed: \(outcome.output.prefix(600))") }
    return found
  }

  /// The errors in a compiler's output (`path:line:column: error: message`).
  static func compileErrors(in output: String) -> [CompileError] {
    var seen: Set<String> = []
    return output.split(separator: "\n").compactMap { line in
      guard let marker = line.range(of: ": error: ") else { return nil }
      let place = line[..<marker.lowerBound].split(separator: ":")
      guard place.count >= 3, let row = Int(place[place.count - 2]), let column = Int(place[place.count - 1]) else { return nil }
      let path = place[..<(place.count - 2)].joined(separator: ":")
      let error = CompileError(
        file: URL(fileURLWithPath: path).lastPathComponent, line: row, column: column, message: String(line[marker.upperBound...]))
      return seen.insert("\(error.file):\(row):\(column):\(error.message)").inserted ? error : nil
    }
  }

  /// The numbers of the mutants an error falls in: the innermost region around it.
  ///
  /// Some errors stand after the mutant that caused them: a left-out `x = …` is reported
  /// where `x` is next read (`constant 'x' used before being initialized`), a missing
  /// `return` at the function's end. Such an error is blamed on the nearest statement
  /// switch before it, and the next round says whether that was right.
  func blame(_ error: CompileError) -> [Int]? {
    guard let file = files.first(where: { $0.name == error.file }),
      let offset = MutantSource(Data(file.text.utf8)).offset(line: error.line, column: error.column)
    else { return nil }
    let around = file.regions.filter { $0.start <= offset && offset < $0.end }
    if let innermost = around.min(by: { $0.end - $0.start < $1.end - $1.start }) { return innermost.numbers }
    let before = file.regions.filter { $0.end <= offset && $0.isStatement }
    return before.max { ($0.end, $1.end - $1.start) < ($1.end, $0.end - $0.start) }?.numbers
  }
}
