import Foundation
import GradeCatalog
import GradeProcesses
import Synchronization

/// Builds each variant of a lesson's code once, as a program that runs a learner's tests, and keeps it.
///
/// A variant's folder under `StateFolder.variants` is named by a hash of its
/// module name, its sources, the toolchain and the state folder's secret, and
/// holds only the compiled form (the program, `tests`, and the module's
/// interface): the sources it was built from are removed once it is built,
/// so nothing in it names a chaff.
///
/// Every program of a task is built with the same little padding, made from the
/// secret and the task's solution (`salt(for:)`), so its bytes, sizes and layout
/// are this workbook's own: what a learner's tests could measure of a variant in
/// one workbook (their own, a released copy) says nothing about the same variant
/// in another (the instructor's, where grades count). Within one workbook, every
/// program of a task is laid out alike (`SectionPlan`): the solution's program is
/// the one linked from its file-by-file build, as every other variant's is, and
/// each loaded section starts at the same address in all of them.
package enum VariantBuild {
  /// The folder holding the built program of `sources` as `module`, or why it could not be built.
  ///
  /// - Parameter base: Sources that `sources` differ from in a few files, with the same file
  ///   names (the task's solution, for a chaff or a mutant): the program is then built from a
  ///   copy of `base`'s file-by-file build, compiling only the files that differ and what the
  ///   driver finds depends on them, and has no interface of its own.
  package static func build(
    _ sources: WorkspacePlan.Sources, base: WorkspacePlan.Sources? = nil, module: String, state: StateFolder, compiler: Compiler
  ) -> Result<URL, GradeError> {
    let folder = self.folder(of: sources, module: module, state: state, compiler: compiler)
    let manager = FileManager.default
    if manager.fileExists(atPath: folder.appending(path: Compiler.programName).path) { return .success(folder) }
    if let base, base != sources, Set(base.files.keys) == Set(sources.files.keys) {
      return compile(sources, from: base, module: module, state: state, compiler: compiler, into: folder)
    }
    return compile(sources, module: module, state: state, compiler: compiler, into: folder, laidOutLike: base == sources ? base : nil)
  }

  /// Whether the program of `sources` is built already.
  static func isBuilt(_ sources: WorkspacePlan.Sources, module: String, state: StateFolder, compiler: Compiler) -> Bool {
    let folder = self.folder(of: sources, module: module, state: state, compiler: compiler)
    return FileManager.default.fileExists(atPath: folder.appending(path: Compiler.programName).path)
  }

  /// The name of the padding file compiled into every variant, first, so that it moves what follows.
  static let saltFile = "__GradeSalt.swift"

  /// Padding that changes a build's bytes and layout and nothing it does: a string of a few
  /// kilobytes and a function of a few hundred instructions, both private and never used,
  /// their sizes and contents drawn from `key`.
  ///
  /// The function's lines call a helper rather than spell out `value &* 272 &+ 570243333`:
  /// the type checker weighs every overload of each operator against the literals, which
  /// took 0.15 s of every variant's 0.46 s build; a call to one function takes almost none.
  static func salt(for key: String) -> String {
    var generator = SplitMix(seed: UInt64(Fingerprint.hex(of: key), radix: 16) ?? 1)
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    let text = String((0..<(512 + Int(generator.next() % 8192))).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
    var lines = [
      "// Written by grade: padding that makes this build's bytes its own. It does nothing.",
      "private let gradeSaltText = \"\(text)\"",
      "private func gradeSaltCode(_ value: Int) -> Int {",
      "  var value = value",
    ]
    for _ in 0..<(16 + Int(generator.next() % 112)) {
      lines.append("  value = gradeSaltStep(value, \(3 + generator.next() % 1000), \(generator.next() % (1 << 30)))")
    }
    lines += [
      "  return value", "}",
      "private func gradeSaltStep(_ value: Int, _ factor: Int, _ term: Int) -> Int { value &* factor &+ term }", "",
    ]
    return lines.joined(separator: "\n")
  }

  /// The folder named by a hash of everything the program is built from.
  private static func folder(of sources: WorkspacePlan.Sources, module: String, state: StateFolder, compiler: Compiler) -> URL {
    state.variants.appending(path: key(of: sources, module: module, state: state, compiler: compiler))
  }

  /// The start of a variant's key, all but its sources and secret, by module, sanitizer and
  /// flags: the same for every variant of a lesson, and hashing the runner's files again for
  /// each of a grading's variants took 4 ms before its first compile.
  private static let keyStarts = Mutex<[String: CacheKey]>([:])

  /// The hash of everything a variant's program is built from: the layout, the module, the
  /// toolchain, the runner's files, the secret and the sources.
  private static func key(of sources: WorkspacePlan.Sources, module: String, state: StateFolder, compiler: Compiler) -> String {
    let start = [module, "\(compiler.threadSanitizer)", compiler.moduleFlags.joined(separator: " ")].joined(separator: "\n")
    var key = keyStarts.withLock { $0[start] } ?? {
      var key = CacheKey()
      key.add("layout", "one salt per task, fixed section starts, type symbols first, each in a section of its own on a slot, plain frame pointers, thread-local template placed by the linker, metadata caches zeroed")
      key.add("module", module)
      key.add("toolchain", Toolchain.version(spawner: compiler.spawner))
      key.add("tsan", "\(compiler.threadSanitizer)")
      key.add("flags", compiler.moduleFlags.joined(separator: " "))
      for file in RunnerProgram.allFiles(threadSanitizer: compiler.threadSanitizer) {
        key.add("runner/\(file.lastPathComponent)", contents: (try? Data(contentsOf: file)) ?? Data())
      }
      keyStarts.withLock { $0[start] = key }
      return key
    }()
    key.add("salt", state.secret)
    for name in sources.files.keys.sorted() { key.add(name, contents: sources.files[name]!) }
    return key.hash
  }

  /// Compiles `sources` whole, as one frontend job, into `folder`: the program and the module's interface.
  ///
  /// - Parameter solution: The sources when they are a task's solution, whose file-by-file
  ///   build the other variants start from: the program is then that build's, so the solution
  ///   is linked as every variant is and laid out alike; the whole-module compile gives the
  ///   interface the learner's tests are compiled against.
  private static func compile(
    _ sources: WorkspacePlan.Sources, module: String, state: StateFolder, compiler: Compiler, into folder: URL,
    laidOutLike solution: WorkspacePlan.Sources? = nil
  ) -> Result<URL, GradeError> {
    let manager = FileManager.default
    let scratch = state.variants.appending(path: "building-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: scratch) }
    let sourceFolder = scratch.appending(path: "src")
    do {
      try manager.createDirectory(at: sourceFolder, withIntermediateDirectories: true)
      try write(sources.files, salt: saltKey(of: solution ?? sources, module: module, state: state, compiler: compiler), into: sourceFolder)
    } catch {
      return .failure(.infrastructure("cannot write to \(state.variants.path): \(error.localizedDescription)"))
    }
    let built = scratch.appending(path: "program")
    let result = compiler.program(
      module: module, sourceFolder: sourceFolder, names: [saltFile] + sources.files.keys.sorted(), into: built)
    guard result.succeeded else { return .failure(doesNotCompile(sources, result)) }
    let leftovers = ["inputs", "log", "map.json"].map { "\(Compiler.programName).\($0)" } + [Compiler.diagnosticsFolder(of: Compiler.programName)]
    for leftover in leftovers {
      try? manager.removeItem(at: built.appending(path: leftover))
    }
    if let solution {
      let laidOut: URL
      switch self.built(base: solution, module: module, state: state, compiler: compiler) {
      case .success(let found): laidOut = found
      case .failure(let error): return .failure(error)
      }
      let program = built.appending(path: Compiler.programName)
      do {
        try manager.removeItem(at: program)
        try manager.copyItem(at: laidOut.appending(path: "\(Compiler.objectsFolder)/\(Compiler.programName)"), to: program)
      } catch {
        return .failure(.infrastructure("cannot copy the solution's program in \(state.variants.path): \(error.localizedDescription)"))
      }
    }
    return moveIntoPlace(built, to: folder)
  }
}

extension VariantBuild {
  /// The modification time every file of a file-by-file base build has, long past: a variant's
  /// own files, written later, always read as changed, whatever second the base was built in.
  private static let baseFileDate = Date(timeIntervalSince1970: 86_400)

  /// Builds `sources` into `folder` from a copy of `base`'s file-by-file build.
  private static func compile(
    _ sources: WorkspacePlan.Sources, from base: WorkspacePlan.Sources, module: String, state: StateFolder, compiler: Compiler,
    into folder: URL
  ) -> Result<URL, GradeError> {
    let baseFolder: URL
    switch built(base: base, module: module, state: state, compiler: compiler) {
    case .success(let found): baseFolder = found
    case .failure(let error): return .failure(error)
    }
    let manager = FileManager.default
    let scratch = state.variants.appending(path: "building-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: scratch) }
    let sourceFolder = scratch.appending(path: "src")
    do {
      try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
      try manager.copyItem(at: baseFolder.appending(path: "src"), to: sourceFolder)
      try manager.copyItem(at: baseFolder.appending(path: Compiler.objectsFolder), to: scratch.appending(path: Compiler.objectsFolder))
      for name in base.files.keys + [saltFile] {
        try manager.setAttributes([.modificationDate: baseFileDate], ofItemAtPath: sourceFolder.appending(path: name).path)
      }
      // The padding is the base's, as in every program of the task: only the variant's own files are new.
      for (name, data) in sources.files where base.files[name] != data { try data.write(to: sourceFolder.appending(path: name)) }
    } catch {
      return .failure(.infrastructure("cannot copy a built variant in \(state.variants.path): \(error.localizedDescription)"))
    }
    let names = [saltFile] + sources.files.keys.sorted()
    let changed = Set(sources.files.keys.filter { base.files[$0] != sources.files[$0] })
    let objects: URL
    let started = ContinuousClock.now
    let plan = DriverPlan.load(from: baseFolder) { compiler.driverPlan(module: module, sourceFolder: baseFolder.appending(path: "src"), names: names) }
    let sections = SectionPlan.load(from: baseFolder)
    if let plan,
      let direct = compileDirectly(changed, names: names, plan: plan, sections: sections, base: baseFolder, sourceFolder: sourceFolder, compiler: compiler)
    {
      objects = direct
      trace("    variant built without the driver", since: started)
    } else {
      // The driver starts again from the base's objects, whatever the attempt without it left.
      let copied = scratch.appending(path: Compiler.objectsFolder)
      do {
        try? manager.removeItem(at: copied)
        try manager.copyItem(at: baseFolder.appending(path: Compiler.objectsFolder), to: copied)
      } catch {
        return .failure(.infrastructure("cannot copy a built variant in \(state.variants.path): \(error.localizedDescription)"))
      }
      let result = compiler.programFileByFile(module: module, sourceFolder: sourceFolder, names: names)
      guard result.succeeded, let folder = result.folder else { return .failure(doesNotCompile(sources, result)) }
      // The driver links as the base was first linked; the task's program is laid out by its plan.
      if let plan, let sections { _ = link(plan: plan, sections: sections, in: sourceFolder, objects: folder, compiler: compiler) }
      objects = folder
      trace("    variant built by the driver", since: started)
    }
    let built = scratch.appending(path: "program")
    do {
      try manager.createDirectory(at: built, withIntermediateDirectories: true)
      try manager.moveItem(at: objects.appending(path: Compiler.programName), to: built.appending(path: Compiler.programName))
    } catch {
      return .failure(.infrastructure("cannot move a built variant in \(scratch.path): \(error.localizedDescription)"))
    }
    return moveIntoPlace(built, to: folder)
  }

  /// Compiles the files `changed` (the padding among them) of a copy of a base's build in
  /// `sourceFolder` and links the program as the driver would (`DriverPlan`), and returns the
  /// folder of its objects and program; `nil` when the driver must build it instead: when a
  /// step fails, or when the driver would compile again a file it did not compile, for a
  /// declaration a changed file changed (`FileDependencies`). The program's sections start
  /// where the task's `sections` say, when it has a plan.
  private static func compileDirectly(
    _ changed: Set<String>, names: [String], plan: DriverPlan, sections: SectionPlan?, base: URL, sourceFolder: URL, compiler: Compiler
  ) -> URL? {
    let objects = sourceFolder.deletingLastPathComponent().appending(path: Compiler.objectsFolder)
    let relative = "../\(Compiler.objectsFolder)"
    let manager = FileManager.default
    var map: [String: [String: String]] = [:]
    for name in changed {
      let stem = DriverPlan.stem(name)
      map[name] = ["swift-dependencies": "\(relative)/\(stem).swiftdeps"]
      // What the base compiled for these files goes first, so nothing of it can pass for the variant's.
      for suffix in ["o", "swiftdeps"] { try? manager.removeItem(at: objects.appending(path: "\(stem).\(suffix)")) }
    }
    let mapName = "direct-output-file-map.json"
    guard let mapData = try? JSONSerialization.data(withJSONObject: map, options: [.sortedKeys, .withoutEscapingSlashes]),
      (try? mapData.write(to: objects.appending(path: mapName))) != nil
    else { return nil }
    func run(_ arguments: [String]) -> Bool {
      (try? compiler.spawner.run(arguments, in: sourceFolder, until: .now + compiler.timeout))?.succeeded == true
    }
    guard run(plan.compile(changed, names: names, map: "\(relative)/\(mapName)", objects: relative)) else { return nil }
    // Each file the variant shares with the base keeps its object unless the driver would
    // compile it again for a declaration a changed file changed.
    var changes: Set<FileDependencies.Key> = []
    for name in changed where name != saltFile {
      let stem = DriverPlan.stem(name)
      guard let before = FileDependencies.read(base.appending(path: "\(Compiler.objectsFolder)/\(stem).swiftdeps")),
        let after = FileDependencies.read(objects.appending(path: "\(stem).swiftdeps"))
      else { return nil }
      changes.formUnion(FileDependencies.changes(from: before, to: after))
    }
    if !changes.isEmpty {
      for name in names where !changed.contains(name) {
        guard let kept = FileDependencies.read(objects.appending(path: "\(DriverPlan.stem(name)).swiftdeps")), !kept.isAffected(by: changes)
        else { return nil }
      }
    }
    if let sections, link(plan: plan, sections: sections, in: sourceFolder, objects: objects, compiler: compiler) { return objects }
    guard run(plan.link), manager.fileExists(atPath: objects.appending(path: Compiler.programName).path) else { return nil }
    return objects
  }

  /// The folder of `base`'s file-by-file build (`src` and `Compiler.objectsFolder`), built once.
  private static func built(
    base: WorkspacePlan.Sources, module: String, state: StateFolder, compiler: Compiler
  ) -> Result<URL, GradeError> {
    let folder = state.variants.appending(path: "base-" + key(of: base, module: module, state: state, compiler: compiler))
    let manager = FileManager.default
    let done = folder.appending(path: "\(Compiler.objectsFolder)/\(Compiler.programName)").path
    if manager.fileExists(atPath: done) { return .success(folder) }
    // A lesson's tasks build side by side and share the base: one builds it, the others wait for it.
    try? manager.createDirectory(at: state.variants, withIntermediateDirectories: true)
    let lock = FileLock(at: state.variants.appending(path: folder.lastPathComponent + ".lock"))
    defer { lock.unlock() }
    if manager.fileExists(atPath: done) { return .success(folder) }
    let scratch = state.variants.appending(path: "building-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: scratch) }
    let sourceFolder = scratch.appending(path: "src")
    do {
      try manager.createDirectory(at: sourceFolder, withIntermediateDirectories: true)
      try write(base.files, salt: saltKey(of: base, module: module, state: state, compiler: compiler), into: sourceFolder)
      for name in base.files.keys + [saltFile] {
        try manager.setAttributes([.modificationDate: baseFileDate], ofItemAtPath: sourceFolder.appending(path: name).path)
      }
    } catch {
      return .failure(.infrastructure("cannot write to \(state.variants.path): \(error.localizedDescription)"))
    }
    let names = [saltFile] + base.files.keys.sorted()
    let result = compiler.programFileByFile(module: module, sourceFolder: sourceFolder, names: names)
    guard result.succeeded, let objects = result.folder else { return .failure(doesNotCompile(base, result)) }
    layOut(scratch, names: names, module: module, objects: objects, compiler: compiler)
    return moveIntoPlace(scratch, to: folder)
  }
}

extension VariantBuild {
  /// Fixes where each section of the base's program in `scratch` starts (`SectionPlan`),
  /// links the program again by that plan, and keeps the plan for every variant of the task.
  /// Without a plan (the driver's jobs had another shape, or the program is not ELF) the
  /// program stays as the driver linked it, and `grade check` names the task's differences.
  private static func layOut(_ scratch: URL, names: [String], module: String, objects: URL, compiler: Compiler) {
    let sourceFolder = scratch.appending(path: "src")
    let program = objects.appending(path: Compiler.programName)
    let first = { (layout: ProgramLayout) in layout.types.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key) }
    // The sections are measured with the module's data slotted, which they then get room for.
    guard let driver = DriverPlan.load(from: scratch, record: { compiler.driverPlan(module: module, sourceFolder: sourceFolder, names: names) }),
      let layout = ProgramLayout(of: program, module: module, spawner: compiler.spawner),
      SectionedObjects.make(stems: names.map(DriverPlan.stem), plan: driver, sourceFolder: sourceFolder, objects: objects, compiler: compiler),
      let slot = SectionPlan.slot(fitting: names.map { objects.appending(path: DriverPlan.stem($0) + SectionedObjects.suffix) }, first: first(layout)),
      let measured = linked(plan: driver, sections: SectionPlan(first: first(layout), slot: slot), in: sourceFolder, objects: objects, compiler: compiler),
      let slotted = ProgramSections(reading: measured),
      let sections = SectionPlan(solution: slotted, first: first(layout), slot: slot),
      link(plan: driver, sections: sections, in: sourceFolder, objects: objects, compiler: compiler)
    else { return }
    try? sections.save(in: scratch)
  }

  /// Links the program in `objects` by the driver's `plan`, its sections where `sections` say;
  /// whether it was linked and holds to the plan. A variant whose code outgrows a section's
  /// room fails to link so, and keeps the program linked without the plan.
  private static func link(plan: DriverPlan, sections: SectionPlan, in sourceFolder: URL, objects: URL, compiler: Compiler) -> Bool {
    let program = objects.appending(path: Compiler.programName)
    guard let planned = linked(plan: plan, sections: sections, in: sourceFolder, objects: objects, compiler: compiler) else { return false }
    guard let linked = ProgramSections(reading: planned), sections.holds(linked) else {
      try? FileManager.default.removeItem(at: planned)
      return false
    }
    try? FileManager.default.removeItem(at: program)
    return (try? FileManager.default.moveItem(at: planned, to: program)) != nil
  }

  /// The program in `objects` linked by the driver's `plan` and by `sections`, beside the one
  /// the driver linked; `nil` when it could not be linked. With a slot, the module's objects
  /// are linked from copies whose `SectionPlan.slotted` sections are aligned to it.
  private static func linked(plan: DriverPlan, sections: SectionPlan, in sourceFolder: URL, objects: URL, compiler: Compiler) -> URL? {
    let folder = "../\(Compiler.objectsFolder)/"
    let planned = objects.appending(path: "\(Compiler.programName).planned")
    // Only the module's objects are in the objects folder; the runner's are the same in every program.
    let stems = plan.link.filter { $0.hasPrefix(folder) && $0.hasSuffix(".o") }.map { String($0.dropFirst(folder.count).dropLast(2)) }
    if sections.slot != 0 {
      guard SectionedObjects.make(stems: stems, plan: plan, sourceFolder: sourceFolder, objects: objects, compiler: compiler) else { return nil }
    }
    var arguments: [String] = []
    for argument in plan.link {
      if argument == folder + Compiler.programName {
        arguments.append(folder + planned.lastPathComponent)
      } else if sections.slot != 0, argument.hasPrefix(folder), argument.hasSuffix(".o") {
        let stem = String(argument.dropFirst(folder.count).dropLast(2))
        let slotted = folder + stem + ".slotted.o"
        // A copy from the same object with the same options (a file the variant shares with the base) is kept.
        let made = try? String(contentsOf: objects.appending(path: "\(stem)\(SectionedObjects.suffix).from"), encoding: .utf8)
        let from = objects.appending(path: "\(stem).slotted.o.from")
        let key = made.map { $0 + " " + sections.slotOptions.joined(separator: " ") }
        if key == nil || (try? String(contentsOf: from, encoding: .utf8)) != key {
          let copied = try? compiler.spawner.run(
            ["\(Toolchain.folder())/bin/llvm-objcopy"] + sections.slotOptions + [folder + stem + SectionedObjects.suffix, slotted], in: sourceFolder,
            until: .now + compiler.timeout)
          guard copied?.succeeded == true else { return nil }
          if let key { try? Data(key.utf8).write(to: from, options: .atomic) }
        }
        arguments.append(slotted)
      } else {
        arguments.append(argument)
      }
    }
    let order = objects.appending(path: SectionPlan.orderFileName)
    let options = sections.linkerOptions(forClang: true, orderFile: folder + SectionPlan.orderFileName)
    guard arguments.contains(folder + planned.lastPathComponent), (try? sections.writeOrder(to: order)) != nil,
      (try? compiler.spawner.run(arguments + options, in: sourceFolder, until: .now + compiler.timeout))?.succeeded == true
    else {
      try? FileManager.default.removeItem(at: planned)
      return nil
    }
    return planned
  }

  /// What a task's padding is made from: the secret, and the task's solution, so every program of the task has the same.
  private static func saltKey(of solution: WorkspacePlan.Sources, module: String, state: StateFolder, compiler: Compiler) -> String {
    state.secret + "base-" + key(of: solution, module: module, state: state, compiler: compiler)
  }

  /// Writes `files` into `sourceFolder`, with the padding made from `salt`.
  private static func write(_ files: [String: Data], salt: String, into sourceFolder: URL) throws {
    for (name, data) in files { try data.write(to: sourceFolder.appending(path: name)) }
    try Data(self.salt(for: salt).utf8).write(to: sourceFolder.appending(path: saltFile))
  }

  /// Why the workbook's own `sources` did not build, with the end of what the compiler said.
  private static func doesNotCompile(_ sources: WorkspacePlan.Sources, _ result: Compiler.Result) -> GradeError {
    let shown = sources.shownAs.values.sorted().joined(separator: ", ")
    return .infrastructure("the workbook's own code (\(shown)) does not compile: \(result.output.suffix(800))")
  }

  /// Moves a finished build from `built` to `folder`, where gradings look for it.
  private static func moveIntoPlace(_ built: URL, to folder: URL) -> Result<URL, GradeError> {
    // Another grading may have built the same thing meanwhile; either copy will do.
    if (try? FileManager.default.moveItem(at: built, to: folder)) == nil, !FileManager.default.fileExists(atPath: folder.path) {
      return .failure(.infrastructure("cannot move a built variant into \(folder.path)"))
    }
    return .success(folder)
  }
}
