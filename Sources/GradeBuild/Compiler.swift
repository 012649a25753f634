import Foundation
import GradeBox
import GradeCatalog
import GradeProcesses

/// Compiles a lesson's modules with `swiftc` directly: the learner's module once
/// as a shared library, each variant once as a program (`RunnerProgram`), and
/// each set of tests once, as a library that any of those programs loads.
///
/// SwiftPM would compile a learner's tests once per variant, each under its own
/// module name, and a test could read that name. Here every variant of a lesson
/// is a program whose code has the lesson's module name and the same interface,
/// so one tests library runs in any of them, and a test sees the same names,
/// paths and arguments whichever it runs in.
///
/// Every compile writes its diagnostics to serialized diagnostics files, kept
/// beside the product, and `Result.messages` reads them from there: what the
/// compiler said comes from its structured record, never from printed lines.
public struct Compiler: Sendable {
  /// Starts `swiftc`.
  public var spawner: Spawner
  /// Clang's module cache.
  public var moduleCache: URL
  /// How long one compile may take.
  public var timeout: Duration
  /// Whether to build for ThreadSanitizer (`-sanitize=thread`, with debug info for its stacks).
  public var threadSanitizer: Bool
  /// Where products live when no folder is given: each in a folder named by a hash of
  /// everything it is built from, so every workspace (every learner of a class) shares it.
  public var store: URL
  /// Where the runner's objects live (`runnerObject`, `shimObject`), named likewise: made from
  /// the grader's files and the toolchain alone, so every state folder of a grader shares them
  /// (`StateFolder.runnerBuilds`).
  public var runnerStore: URL
  /// The lesson's settings for its module and every variant of it: default isolation and
  /// upcoming features (`Lesson.moduleFlags`).
  public var moduleFlags: [String] = []
  /// The lesson's settings for its tests (`Lesson.testFlags`).
  public var testFlags: [String] = []

  /// Creates a compiler that keeps its products in `store`, the runner's in `runnerStore` (by default `store`).
  public init(
    spawner: Spawner, moduleCache: URL, timeout: Duration = .seconds(900), threadSanitizer: Bool = false, store: URL,
    runnerStore: URL? = nil
  ) {
    self.spawner = spawner
    self.moduleCache = moduleCache
    self.timeout = timeout
    self.threadSanitizer = threadSanitizer
    self.store = store
    self.runnerStore = runnerStore ?? store
  }

  /// Creates a compiler that keeps what it builds in `state`: the module cache and the runner's
  /// objects where every state folder shares them, everything else in the state's own builds.
  public init(spawner: Spawner, state: StateFolder, timeout: Duration = .seconds(900), threadSanitizer: Bool = false) {
    self.init(
      spawner: spawner, moduleCache: state.moduleCache, timeout: timeout, threadSanitizer: threadSanitizer, store: state.builds,
      runnerStore: state.runnerBuilds)
  }

  /// Stands for the product's folder in arguments, so that a key never depends on where it is built.
  static let output = "@GRADE-OUTPUT@"
  /// Stands for the folder of the module compiled against, so that a key depends on that
  /// module's interface and never on the folder it was built in.
  static let library = "@GRADE-LIBRARY@"

  /// What a compile did.
  public struct Result: Sendable {
    /// The compiler's errors, with their paths as `swiftc` printed them.
    public var output: String
    /// Whether the product is there to use.
    public var succeeded: Bool
    /// Whether an earlier compile of the same inputs was reused.
    public var reused: Bool
    /// Whether the compiler ran out of time.
    public var timedOut: Bool = false
    /// The folder holding the product.
    public var folder: URL? = nil
    /// What the compiler said, read from its serialized diagnostics.
    package var messages: [SerializedDiagnostics.Message] = []
    /// Set when a compile in Swift 6 mode failed and this is the Swift 5 mode compile after it.
    var swift6Failed = false
  }

  /// The folder beside a product that holds its compile's serialized diagnostics: one per
  /// product, since several checks can share a folder.
  static func diagnosticsFolder(of product: String) -> String { "\(product).diagnostics" }

  /// The flags every compile shares: a language mode, no optimization, and plain diagnostics.
  /// Test binaries, checks and variants add `-wmo` (one frontend process: for a lesson's few
  /// files, a third faster); a learner's module is built file by file instead.
  static func flags(swiftVersion: Int) -> [String] {
    ["-swift-version", "\(swiftVersion)", "-Onone", "-parse-as-library", "-diagnostic-style=llvm"]
      + TestingSearchPaths.compileFlags(platform: TestingSearchPaths.host)
  }

  /// The flags that hold a learner's files to strict memory safety (SE-0458): every use of
  /// unsafe pointers or memory is an error of the compiler, so a file that holds one does not
  /// build, whatever the file says of where its code is.
  static let memorySafetyFlags = ["-strict-memory-safety", "-Werror", "StrictMemorySafety"]

  /// ThreadSanitizer's flags when building for it.
  var sanitizerFlags: [String] { threadSanitizer ? ["-sanitize=thread", "-g"] : [] }

  /// Compiles `file` in `folder` alone, in Swift 6 mode, against the module in `moduleFolder`,
  /// as far as the compiler's last check (region-based isolation is checked only there),
  /// and returns what it said. The result is kept by a key of its inputs.
  public func typeCheck(_ file: String, in folder: URL, against moduleFolder: URL, module: String, into output: URL) -> Result {
    let arguments = ["swiftc", "-emit-sil", "-o", "/dev/null", "-module-cache-path", moduleCache.path,
                     "-I", Self.library, "-wmo"] + Self.flags(swiftVersion: 6) + moduleFlags + [file]
    let interface = moduleFolder.appending(path: "\(module).swiftmodule")
    return compile(
      arguments, in: folder, inputs: [folder.appending(path: file), interface], libraryFolder: moduleFolder, into: output,
      product: "\(file).checked")
  }

  /// Compiles the files `names` in `sourceFolder` into `folder/lib<module>.so` and
  /// `folder/<module>.swiftmodule`: the learner's module.
  ///
  /// The compiler runs in `sourceFolder` and is given bare file names, so
  /// `#filePath` in the product is a file name: no variant's folder shows.
  ///
  /// - Parameters:
  ///   - swiftVersion: The language mode; a lesson about concurrency diagnostics
  ///     falls back to 5, where they are warnings, so its other tasks can still be graded.
  ///   - incremental: A folder of the learner's own, kept between gradings, in which the
  ///     library is built file by file, and only the files changed since are compiled again,
  ///     as SwiftPM does: for lesson 4's eleven files, 0.5 s instead of 1.0 s. The products
  ///     are then copied to the store. The compiler's output covers only the files it
  ///     compiled again, so a caller that reads warnings must not ask for this.
  ///   - strictMemorySafety: Have the compiler refuse, as errors in the group `StrictMemorySafety`,
  ///     every use of unsafe pointers and memory: the learner's files may not hold any.
  public func library(
    module: String, sourceFolder: URL, names: [String], into folder: URL? = nil, swiftVersion: Int = 6, incremental: URL? = nil,
    strictMemorySafety: Bool = false
  ) -> Result {
    let products = ["\(module).swiftmodule", Self.libraryName(module)]
    let common = ["-emit-library", "-emit-module", "-module-name", module, "-enable-testing", "-enable-library-evolution",
                  "-module-cache-path", moduleCache.path]
      + Self.flags(swiftVersion: swiftVersion) + moduleFlags + sanitizerFlags + (strictMemorySafety ? Self.memorySafetyFlags : [])
      + ["-emit-module-path", "\(Self.output)/\(products[0])", "-o", "\(Self.output)/\(products[1])"]
      + Self.linker
    let inputs = names.map { sourceFolder.appending(path: $0) }
    guard let incremental, folder == nil else {
      // One frontend job writes both the code and the interface: the driver's default, a
      // second job for the interface, takes a learner's edit half a second longer.
      let arguments = ["swiftc", "-wmo", "-no-emit-module-separately-wmo"] + common + names
      return compile(arguments, in: sourceFolder, inputs: inputs, into: folder, product: products[1])
    }
    // As many jobs at once as there are cores: the driver otherwise runs one at a time, and its
    // job that writes the interface waits for the one that compiles an edited file (or the
    // other way round), though neither needs the other (lesson 1: 0.17 s instead of 0.21 s).
    let arguments = ["swiftc", "-incremental", "-enable-batch-mode", "-j", "\(SideBySide.cores)", "-serialize-diagnostics",
                     "-output-file-map", "\(Self.output)/output-file-map.json"]
      + common + names
    let work = incremental.appending(path: Fingerprint.hex(of: arguments.joined(separator: " ")))
    return compile(
      arguments, in: sourceFolder, inputs: inputs, into: nil, product: products[1],
      work: Work(folder: work, products: products, outputFileMap: Self.outputFileMap(for: names, in: work)))
  }

  /// Where an incremental build keeps what it builds, and what it hands on.
  struct Work {
    /// The folder kept between builds.
    var folder: URL
    /// The files copied out of it into the product's folder.
    var products: [String]
    /// The driver's map from each source file to its object and dependency files.
    var outputFileMap: Data
  }

  /// The driver's map for an incremental build of `names` in `folder`.
  static func outputFileMap(for names: [String], in folder: URL) -> Data { outputFileMap(for: names, in: folder.path) }

  /// The driver's map for an incremental build of `names` in the folder at `path`, absolute or relative.
  static func outputFileMap(for names: [String], in path: String) -> Data {
    var map: [String: [String: String]] = ["": ["swift-dependencies": path + "/module.swiftdeps"]]
    for name in names {
      let base = path + "/" + (name as NSString).deletingPathExtension
      map[name] = [
        "object": base + ".o", "swift-dependencies": base + ".swiftdeps", "swiftmodule": base + "~partial.swiftmodule",
        "diagnostics": base + ".dia",
      ]
    }
    // The driver reads the map with a YAML parser, which does not take JSON's escaped slashes.
    return (try? JSONSerialization.data(withJSONObject: map, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
  }

  /// Compiles the tests `names` in `sourceFolder` into `folder/libGradeTests.so`, against the
  /// interface of `libraryModule` in `libraryFolder`, for a `RunnerProgram` to load.
  ///
  /// The library is keyed by that interface (`.swiftmodule`), not the code behind it: with
  /// library evolution, an edit inside a function body leaves the interface byte for byte
  /// the same, so the tests already compiled run against the new code as they are.
  ///
  /// - Parameters:
  ///   - linksLibrary: Link the learner's library, which sits beside the tests at run
  ///     time; otherwise the module's code is the program's, and the tests find it when loaded.
  ///   - strictMemorySafety: Refuse every use of unsafe pointers and memory, as for `library`.
  public func tests(
    module: String, sourceFolder: URL, names: [String], libraryModule: String, libraryFolder: URL, linksLibrary: Bool,
    strictMemorySafety: Bool = false, into folder: URL? = nil
  ) -> Result {
    let interface = libraryFolder.appending(path: "\(libraryModule).swiftmodule")
    let arguments = ["swiftc", "-emit-library", "-module-name", module, "-module-cache-path", moduleCache.path]
      + ["-wmo"] + Self.flags(swiftVersion: 6) + testFlags + sanitizerFlags + (strictMemorySafety ? Self.memorySafetyFlags : [])
      + ["-I", Self.library] + (linksLibrary ? ["-L", Self.library, "-l\(libraryModule)"] : [])
      + Self.linkerFlags
      + ["-o", "\(Self.output)/\(RunnerProgram.testsLibrary)"]
      + names
    return compile(
      arguments, in: sourceFolder, inputs: names.map { sourceFolder.appending(path: $0) } + [interface], libraryFolder: libraryFolder,
      into: folder, product: RunnerProgram.testsLibrary)
  }

  /// The runner's object file, compiled once per toolchain and sanitizer from its files in place (`RunnerProgram`).
  func runnerObject() -> Result {
    let files = RunnerProgram.swiftFiles
    guard let folder = files.first?.deletingLastPathComponent() else {
      return Result(output: "error: the runner's sources are not in \(RunnerProgram.sources.path)", succeeded: false, reused: false)
    }
    let arguments = ["swiftc", "-emit-object", "-module-name", RunnerProgram.moduleName, "-module-cache-path", moduleCache.path, "-wmo"]
      + Self.flags(swiftVersion: 6) + sanitizerFlags + ["-o", "\(Self.output)/runner.o"] + files.map(\.path)
    return compile(arguments, in: folder, inputs: files, into: nil, store: runnerStore, product: "runner.o")
  }

  /// The object of one of the runner's C files (`RunnerProgram.cFiles`), compiled once per toolchain and sanitizer.
  func shimObject(_ name: String) -> Result {
    let folder = RunnerProgram.cFolder
    let file = folder.appending(path: "\(name).c")
    let header = folder.appending(path: "include/GradeRunnerC.h")
    let clang = Toolchain.folder() + "/bin/clang"
    let arguments = [clang, "-c", "-O1", "-fPIC", "-I", folder.appending(path: "include").path]
      + (threadSanitizer ? ["-fsanitize=thread"] : []) + ["-o", "\(Self.output)/\(name).o", file.path]
    return compile(arguments, in: folder, inputs: [file, header], into: nil, store: runnerStore, product: "\(name).o")
  }

  /// A program (`tests`) that runs a tests library: the runner, and `names` in `sourceFolder`
  /// compiled as `module`, with that module's interface beside it; or the runner alone when
  /// there are no sources, for tests that bring the learner's library with them.
  public func program(module: String?, sourceFolder: URL?, names: [String], into folder: URL? = nil) -> Result {
    let (objects, failure) = runnerObjects()
    if let failure { return failure }
    var arguments = ["swiftc", "-emit-executable", "-module-cache-path", moduleCache.path, "-wmo", "-no-emit-module-separately-wmo"]
      + Self.flags(swiftVersion: 6) + sanitizerFlags
    if let module, !names.isEmpty {
      arguments += moduleFlags + ["-module-name", module, "-emit-module", "-emit-module-path", "\(Self.output)/\(module).swiftmodule",
                    "-enable-testing", "-enable-library-evolution"]
    } else {
      arguments += ["-module-name", "__GradeProgram"]
    }
    arguments += Self.programLinking + ["-o", "\(Self.output)/\(Self.programName)"] + names + objects.map(\.path)
    let folderOfSources = sourceFolder ?? objects[0].deletingLastPathComponent()
    return compile(
      arguments, in: folderOfSources, inputs: names.map { folderOfSources.appending(path: $0) } + objects, into: folder,
      product: Self.programName)
  }

  /// The runner's objects, compiled once: its Swift code and its C files; or the compile that failed.
  private func runnerObjects() -> (objects: [URL], failure: Result?) {
    let runner = runnerObject()
    guard let object = runner.folder?.appending(path: "runner.o") else { return ([], runner) }
    var objects = [object]
    for name in RunnerProgram.cFiles(threadSanitizer: threadSanitizer) {
      let shim = shimObject(name)
      guard let folder = shim.folder else { return ([], shim) }
      objects.append(folder.appending(path: "\(name).o"))
    }
    return (objects, nil)
  }

  /// What links a program: the testing library, and every symbol exported, so the tests
  /// library, loaded later, binds to the code in the program.
  private static var programLinking: [String] {
    #if os(Linux)
      ["-lTesting", "-Xlinker", "--export-dynamic"] + linker
    #else
      TestingSearchPaths.testingLibrary(platform: TestingSearchPaths.host) + ["-Xlinker", "-export_dynamic"]
        + TestingSearchPaths.linkFlags(platform: TestingSearchPaths.host)
    #endif
  }

  /// The linker of every link: on Linux the toolchain's own lld when it has one, which links a
  /// variant's program in 0.06 s against the default gold's 0.10, and a learner's tests library
  /// in 0.02 s less; elsewhere the platform's.
  static let linker: [String] = {
    #if os(Linux)
      let lld = URL(fileURLWithPath: Toolchain.folder()).appending(path: "bin/ld.lld").path
      return FileManager.default.isExecutableFile(atPath: lld) ? ["-use-ld=lld"] : []
    #else
      return []
    #endif
  }()

  /// The folder beside a variant's sources where its file-by-file build keeps its objects.
  static let objectsFolder = "objects"

  /// A program like `program(module:sourceFolder:names:)`'s, built file by file in
  /// `sourceFolder` and its sibling `objectsFolder`, compiling again only what changed since
  /// the build those folders hold: `VariantBuild` copies a built solution there and writes a
  /// variant's own files over it, so a chaff that changes one file compiles that file (and
  /// what the driver finds depends on it) and links. Every path is relative, so the driver
  /// sees the same command in every copy. No interface is written: only the solution's is
  /// compiled against.
  func programFileByFile(module: String, sourceFolder: URL, names: [String]) -> Result {
    let (objects, failure) = runnerObjects()
    if let failure { return failure }
    let work = "../\(Self.objectsFolder)"
    let arguments = ["-incremental", "-enable-batch-mode", "-enable-incremental-file-hashing"]
      + fileByFileArguments(module: module, names: names, objects: objects)
    let objectsFolder = sourceFolder.deletingLastPathComponent().appending(path: Self.objectsFolder)
    do {
      try FileManager.default.createDirectory(at: objectsFolder, withIntermediateDirectories: true)
      try Self.outputFileMap(for: names, in: work).write(to: objectsFolder.appending(path: "output-file-map.json"), options: .atomic)
    } catch {
      return Result(output: "error: cannot write to \(objectsFolder.path): \(error.localizedDescription)", succeeded: false, reused: false)
    }
    do {
      let outcome = try spawner.runDriver(arguments, in: sourceFolder, until: .now + timeout)
      return Result(
        output: outcome.output, succeeded: outcome.succeeded, reused: false, timedOut: outcome.termination == .timedOut,
        folder: objectsFolder)
    } catch {
      return Result(output: "error: \(error.message)", succeeded: false, reused: false)
    }
  }

  /// What `programFileByFile` asks of the driver beside building incrementally: the program
  /// from `names` and the runner's `objects`, its objects where the output file map says.
  func fileByFileArguments(module: String, names: [String], objects: [URL]) -> [String] {
    let work = "../\(Self.objectsFolder)"
    return ["-output-file-map", "\(work)/output-file-map.json", "-emit-executable", "-module-cache-path", moduleCache.path]
      + Self.flags(swiftVersion: 6) + sanitizerFlags + moduleFlags
      + ["-module-name", module, "-enable-testing", "-enable-library-evolution"] + Self.layoutFlags
      + Self.programLinking + ["-o", "\(work)/\(Self.programName)"] + names + objects.map(\.path)
  }

  /// What keeps a variant's types where the solution's program has them (`SectionPlan`): the
  /// code reaches a concrete type's metadata through an accessor whose cache is zeroed memory,
  /// instead of a cache variable, beside the module's class metadata, initialized with the
  /// type's mangled name. A chaff whose body names one more type (`letters.reversed()`) then
  /// adds to the zeroed data, which holds no type, and moves no class's metadata.
  static let layoutFlags = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]

  /// What the driver would run to build `programFileByFile`'s program from `names` in
  /// `sourceFolder`, all compiled in one frontend process (`DriverPlan`); `nil` when it cannot say.
  func driverPlan(module: String, sourceFolder: URL, names: [String]) -> DriverPlan? {
    let (objects, failure) = runnerObjects()
    guard failure == nil else { return nil }
    let arguments = ["-###", "-enable-batch-mode", "-driver-batch-count", "1"]
      + fileByFileArguments(module: module, names: names, objects: objects)
    return askDriver(arguments, in: sourceFolder) { printed, _ in DriverPlan(jobs: printed, names: names, objects: "../\(Self.objectsFolder)") }
  }

  /// What `read` makes of the jobs the driver prints for `arguments` (`swiftc -###`), given the
  /// folder its scratch files went to, a folder of the store's; `nil` when it failed or warned.
  private func askDriver<Plan>(_ arguments: [String], in sourceFolder: URL, read: (String, URL) -> Plan?) -> Plan? {
    try? spawner.runDriver(arguments, in: sourceFolder, until: .now + .seconds(60), streams: .separate, scratchParent: store) {
      asked, scratch in asked.succeeded && asked.errorOutput.isEmpty ? read(asked.output, scratch) : nil
    }
  }

  /// The file name of a built program: the name it has inside the box, so that a sanitizer's
  /// frames name the file that was built.
  public static let programName = Box.programName

  /// The file name of a module's shared library.
  public static func libraryName(_ module: String) -> String {
    #if os(macOS)
      "lib\(module).dylib"
    #else
      "lib\(module).so"
    #endif
  }

  /// The library is found beside the binary, wherever the box puts the two; and a
  /// library missing a symbol fails at start-up, never half way through a test.
  static var linkerFlags: [String] {
    #if os(macOS)
      ["-Xlinker", "-rpath", "-Xlinker", "@loader_path", "-Xlinker", "-bind_at_load"]
        + TestingSearchPaths.linkFlags(platform: TestingSearchPaths.host)
    #else
      ["-Xlinker", "-rpath", "-Xlinker", "$ORIGIN", "-Xlinker", "-z", "-Xlinker", "now"] + linker
    #endif
  }

  /// Runs `arguments` unless their product, built from the same inputs, is there already:
  /// in `folder` when one is given (a stamp file says what it was built from), else in
  /// `store` (by default `self.store`) under a folder named by that key. What the compiler
  /// said is kept beside the product, so a reused build still has its warnings.
  private func compile(
    _ arguments: [String], in sourceFolder: URL, inputs: [URL], libraryFolder: URL? = nil, into given: URL?, store: URL? = nil,
    product: String, work: Work? = nil
  ) -> Result {
    var cacheKey = CacheKey()
    cacheKey.add("toolchain", Toolchain.version(spawner: spawner))
    for argument in arguments { cacheKey.add("argument", argument) }
    for input in inputs { cacheKey.add("input", contents: (try? Data(contentsOf: input)) ?? Data()) }
    let key = cacheKey.hash
    let manager = FileManager.default
    let checkOnly = arguments.contains("-emit-sil")
    func run(into folder: URL) -> Result {
      let outputs = work?.folder ?? folder
      // A whole-module compile writes its diagnostics where a map beside the product says.
      let swift = arguments.first == "swiftc"
      let diagnosticsMap = swift && work == nil ? ["-serialize-diagnostics", "-output-file-map", "\(Self.output)/\(product).map.json"] : []
      let resolved = (arguments + diagnosticsMap).map {
        $0.replacingOccurrences(of: Self.output, with: outputs.path).replacingOccurrences(of: Self.library, with: libraryFolder?.path ?? "")
      }
      try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
      try? manager.createDirectory(at: outputs, withIntermediateDirectories: true)
      // Two gradings of one learner at once (a watch and a grade) must not build in one folder together.
      let lock = work.map { FileLock(at: $0.folder.appending(path: "lock")) }
      defer { lock?.unlock() }
      let stamps = work.map { EditStamps(record: $0.folder.appending(path: "inputs.json")) }
      if let work { try? work.outputFileMap.write(to: work.folder.appending(path: "output-file-map.json"), options: .atomic) }
      let diagnostics = folder.appending(path: Self.diagnosticsFolder(of: product))
      try? manager.removeItem(at: diagnostics)
      try? manager.createDirectory(at: diagnostics, withIntermediateDirectories: true)
      if swift, work == nil {
        let map = ["": ["diagnostics": diagnostics.appending(path: "\(product).dia").path]]
        try? JSONSerialization.data(withJSONObject: map, options: [.withoutEscapingSlashes])
          .write(to: outputs.appending(path: "\(product).map.json"), options: .atomic)
      }
      stamps?.prepare(inputs)
      do {
        let deadline = ContinuousClock.now + timeout
        let folders = [
          DriverPlan.WholeModule.Folder(placeholder: Self.output, path: outputs.path),
          DriverPlan.WholeModule.Folder(placeholder: Self.library, path: libraryFolder?.path ?? ""),
        ].filter { !$0.path.isEmpty }
        let plan = swift && work == nil && arguments.contains("-wmo")
          ? wholeModulePlan(arguments + diagnosticsMap, resolved: resolved, folders: folders, in: sourceFolder) : nil
        let outcome =
          if let plan {
            try runJobs(plan, folders: folders, in: sourceFolder, until: deadline)
          } else if swift {
            try spawner.runDriver(Array(resolved.dropFirst()), in: sourceFolder, until: deadline)
          } else {
            try spawner.run(resolved, in: sourceFolder, until: deadline)
          }
        var succeeded = outcome.succeeded
        if succeeded { stamps?.remember(inputs) }
        if let work, succeeded {
          for name in work.products {
            try? manager.removeItem(at: folder.appending(path: name))
            if (try? manager.copyItem(at: work.folder.appending(path: name), to: folder.appending(path: name))) == nil { succeeded = false }
          }
        }
        if let work {
          // Each file's diagnostics from its last compile: a file not compiled again keeps what it had.
          for file in (try? manager.contentsOfDirectory(atPath: work.folder.path)) ?? [] where file.hasSuffix(".dia") {
            try? manager.copyItem(at: work.folder.appending(path: file), to: diagnostics.appending(path: file))
          }
        }
        try? Data(outcome.output.utf8).write(to: folder.appending(path: "\(product).log"), options: .atomic)
        return Result(
          output: outcome.output, succeeded: succeeded, reused: false, timedOut: outcome.termination == .timedOut, folder: folder,
          messages: Self.messages(in: diagnostics))
      } catch {
        return Result(output: "error: \(error.message)", succeeded: false, reused: false, folder: folder)
      }
    }
    func reused(_ folder: URL) -> Result {
      let said = (try? String(contentsOf: folder.appending(path: "\(product).log"), encoding: .utf8)) ?? ""
      let messages = Self.messages(in: folder.appending(path: Self.diagnosticsFolder(of: product)))
      return Result(
        output: said, succeeded: !checkOnly || !messages.contains { $0.severity == .error || $0.severity == .fatal }, reused: true,
        folder: folder, messages: messages)
    }

    guard let given else {
      // Shared: built once by whichever workspace needs it first, then moved into place whole.
      let store = store ?? self.store
      let folder = store.appending(path: key)
      if manager.fileExists(atPath: folder.appending(path: product).path) { return reused(folder) }
      let scratch = store.appending(path: "building-\(UUID().uuidString)")
      var result = run(into: scratch)
      guard result.succeeded else {
        try? manager.removeItem(at: scratch)
        result.folder = nil
        return result
      }
      if (try? manager.moveItem(at: scratch, to: folder)) == nil { try? manager.removeItem(at: scratch) }
      result.folder = folder
      return result
    }
    let stamp = given.appending(path: "\(product).inputs")
    if (try? String(contentsOf: stamp, encoding: .utf8)) == key, checkOnly || manager.fileExists(atPath: given.appending(path: product).path) {
      return reused(given)
    }
    try? manager.removeItem(at: stamp)
    let result = run(into: given)
    // A check is kept whatever it said; a product only when it was made.
    if result.succeeded || (checkOnly && !result.timedOut) { try? Data(key.utf8).write(to: stamp, options: .atomic) }
    return result
  }

  /// The driver's plan for the whole-module compile `arguments` (placeholders in place), which
  /// reads `resolved` with `folders` in place: kept in the store under a key of the command and
  /// the toolchain, whatever folder it runs in (a plan that names that folder is refused), and
  /// recorded by asking the driver (`swiftc -###`) the first time.
  private func wholeModulePlan(
    _ arguments: [String], resolved: [String], folders: [DriverPlan.WholeModule.Folder], in sourceFolder: URL
  ) -> DriverPlan.WholeModule? {
    var key = CacheKey()
    key.add("driver plan", "whole module")
    key.add("toolchain", Toolchain.version(spawner: spawner))
    for argument in arguments { key.add("argument", argument) }
    let folder = store.appending(path: key.hash)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return DriverPlan.load(from: folder) {
      askDriver(["-###"] + resolved.dropFirst(), in: sourceFolder) { printed, scratch in
        DriverPlan.WholeModule(
          jobs: printed, folders: folders, scratchParent: scratch.path, workingFolder: sourceFolder.path, files: Self.texts(in:))
      }
    }
  }

  /// Every file in the folder at `path`, by name, as text; `nil` when one is not UTF-8.
  private static func texts(in path: String) -> [String: String]? {
    var files: [String: String] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      guard let text = try? String(contentsOf: URL(fileURLWithPath: path).appending(path: name), encoding: .utf8) else { return nil }
      files[name] = text
    }
    return files
  }

  /// Runs a plan's jobs one after another, with `folders` in place and a scratch folder of
  /// their own, until one fails, and returns what they printed, ended as the last one ended.
  /// A job that fails by other than a compile error is named as the driver names it.
  private func runJobs(
    _ plan: DriverPlan.WholeModule, folders: [DriverPlan.WholeModule.Folder], in sourceFolder: URL, until deadline: ContinuousClock.Instant
  ) throws(GradeError) -> ProcessOutcome {
    let manager = FileManager.default
    let scratch = store.appending(path: "jobs-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: scratch) }
    let (jobs, files) = plan.resolved(folders + [.init(placeholder: DriverPlan.WholeModule.scratch, path: scratch.path)])
    do {
      try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
      for (name, text) in files { try Data(text.utf8).write(to: scratch.appending(path: name)) }
    } catch {
      throw .infrastructure("cannot write the compiler's scratch files in \(scratch.path): \(error.localizedDescription)")
    }
    var printed = ""
    var last = ProcessOutcome(termination: .exited(0), output: "")
    for job in jobs {
      last = try spawner.run(job, in: sourceFolder, until: deadline)
      printed += last.output
      guard last.succeeded else {
        let name = (job.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "").hasPrefix("swift-frontend") ? "compile" : "link"
        switch last.termination {
        case .signaled(let signal): printed += "error: \(name) command failed due to signal \(signal) (use -v to see invocation)\n"
        case .exited(let status) where name == "link": printed += "error: link command failed with exit code \(status) (use -v to see invocation)\n"
        default: break
        }
        break
      }
    }
    last.output = printed
    last.outputBytes = Data(printed.utf8)
    return last
  }

  /// Every diagnostic in the serialized diagnostics files of `folder`, files in name order.
  static func messages(in folder: URL) -> [SerializedDiagnostics.Message] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".dia") }.sorted()
    return names.flatMap { SerializedDiagnostics.read(folder.appending(path: $0))?.messages ?? [] }
  }
}
