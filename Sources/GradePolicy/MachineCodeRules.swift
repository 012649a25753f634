import Foundation
import GradeProcesses
import GradeResults

/// What a learner's built code may hold, read from the library the compiler made of it.
///
/// Source rules (`CodeRules`, `SourceSurvey`) see what the learner wrote; these see what
/// it became, so a door the source rules did not name still shows here:
///
/// - the C functions it calls: only the Swift runtime's, the standard library's own, and a
///   short list of C library functions that Swift code calls for its own needs (`cFunctions`).
///   A C library function reached through Foundation (`dup2`, `close`, `dlsym`, `mmap`,
///   `ptrace`) is refused, whatever Swift produced the call;
/// - the C symbols it exports: none, since one could replace the harness's;
/// - the code it asks the loader to run as it loads (`.init_array` in ELF, `__mod_init_func`
///   in Mach-O): no more than any Swift library has, so nothing runs before the tests do;
/// - in a task ThreadSanitizer grades, only the runtime functions whose memory accesses are
///   the code's own, which the sanitizer sees (`instrumentedRuntime`): a key path applied by
///   the runtime, reflection, or any runtime function added later reads stored properties
///   where ThreadSanitizer does not look, so a racy read through it would pass for no read at
///   all; and no reflection from the standard library (`Mirror`, `dump`), the one part of it
///   that reads a class instance's stored properties on the caller's behalf (every other part
///   reads values the caller copied, and the copy is the code's own, instrumented read).
///
/// The rules are the same for every platform; `ObjectFormat` says how a platform's libraries
/// list, and `ObjectListing` reads the listing.
package enum MachineCodeRules {
  /// C functions outside the Swift runtime that Swift code calls for its own needs: the
  /// loader's markers, memory copies, blocks, unwinding, thread-local storage, and maths.
  /// The lessons' own code calls the first of them; the maths is what `Foundation`'s
  /// numeric functions reach.
  static let cFunctions: Set<String> = [
    "__gmon_start__", "__cxa_finalize", "_ITM_registerTMCloneTable", "_ITM_deregisterTMCloneTable", "__tls_get_addr",
    "memcpy", "memmove", "memset", "memcmp", "malloc", "free", "syscall",
    "_NSConcreteStackBlock", "_NSConcreteGlobalBlock", "_Block_copy", "_Block_release",
    "__gcc_personality_v0", "_Unwind_Resume", "_swiftEmptyArrayStorage", "_swiftEmptyDictionarySingleton",
    "_swiftEmptySetSingleton", "_swift_backtrace_isThunkFunction",
    "pow", "powf", "sqrt", "sqrtf", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
    "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "hypot", "fmod", "remainder", "floor", "ceil", "round",
    "trunc", "rint", "nearbyint", "lround", "llround", "fabs", "fmin", "fmax", "fma", "ldexp", "frexp", "modf",
  ]

  /// The Swift runtime's functions a library ThreadSanitizer grades may call, by name or by
  /// family (a name ending in `*`): counting references, allocating, the exclusivity checks,
  /// metadata and conformances, casts, enums' tags, errors, weak references, and the
  /// concurrency runtime's tasks, continuations and actors. None reads or writes a stored
  /// property for the code; every access stays the code's own, where the sanitizer looks.
  /// Key paths applied by the runtime (`swift_getAtKeyPath`) and reflection are not here.
  static let instrumentedRuntime: [String] = [
    "swift_retain*", "swift_release*", "swift_nonatomic_*", "swift_bridgeObject*", "swift_unknownObject*", "swift_weak*",
    "swift_unowned*", "swift_alloc*", "swift_dealloc*", "swift_initStackObject", "swift_projectBox", "swift_beginAccess",
    "swift_endAccess", "swift_once", "swift_dynamicCast*", "swift_getWitnessTable*", "swift_getTypeByMangledName*",
    "swift_getAssociatedTypeWitness", "swift_getAssociatedConformanceWitness", "swift_getGenericMetadata",
    "swift_getSingletonMetadata", "swift_getCanonical*", "swift_getTupleTypeMetadata*", "swift_getFunctionTypeMetadata*",
    "swift_getExistentialTypeMetadata", "swift_getExistentialMetatypeMetadata", "swift_getMetatypeMetadata",
    "swift_getExtendedExistentialTypeMetadata*", "swift_getOpaqueType*", "swift_getForeignTypeMetadata", "swift_getObjectType",
    "swift_checkMetadataState", "swift_lookUpClassMethod", "swift_relocateClassMetadata", "swift_conformsToProtocol*",
    "swift_initClassMetadata*", "swift_updateClassMetadata*",
    "swift_initStructMetadata*", "swift_initEnumMetadata*", "swift_getEnumCaseMultiPayload", "swift_storeEnumTagMultiPayload",
    "swift_getEnumTagSinglePayloadGeneric", "swift_storeEnumTagSinglePayloadGeneric", "swift_willThrow*", "swift_errorRetain",
    "swift_errorRelease", "swift_unexpectedError", "swift_errorInMain", "swift_isUniquelyReferenced*",
    "swift_isEscapingClosureAtFileLocation", "swift_addNewDSOImage", "swift_deletedMethodError", "swift_arrayInit*",
    "swift_arrayAssign*", "swift_arrayDestroy", "swift_task_*", "swift_continuation_*", "swift_asyncLet_*", "swift_taskGroup_*",
    "swift_job_*", "swift_defaultActor_*", "swift_get_time", "swift_coroFrameAlloc", "swift_cvw_*",
  ]

  /// Whether the runtime function `name` is among `instrumentedRuntime`.
  static func isInstrumented(_ name: String) -> Bool {
    instrumentedRuntime.contains { $0.hasSuffix("*") ? name.hasPrefix($0.dropLast()) : name == $0 }
  }

  /// The C functions Swift code can reach without declaring one itself: those the compiler
  /// emits calls to (read from the compiler, which names them), and those the standard
  /// library's and concurrency library's inlinable code calls (`@_silgen_name` in their
  /// interfaces). Read once per process.
  static func runtimeFunctions(toolchain: String, spawner: Spawner, cache: URL? = nil, format: ObjectFormat = .host) -> Set<String> {
    runtimeCache.withValue { known in
      if let names = known[toolchain] { return names }
      let compiler = "\(toolchain)/bin/swift-frontend"
      // Kept on disk beside the other builds, named by the compiler it was read from: reading
      // 200 MB costs each grading process almost half a second.
      let attributes = try? FileManager.default.attributesOfItem(atPath: compiler)
      let stamp = "\(compiler) \((attributes?[.size] as? Int) ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
      if let cache, let text = try? String(contentsOf: cache, encoding: .utf8), text.hasPrefix(stamp + "\n") {
        let names = Set(text.split(separator: "\n").dropFirst().map(String.init))
        known[toolchain] = names
        return names
      }
      var names: Set<String> = []
      // The compiler holds each runtime function's name as a string; grep reads it in a fraction of a second.
      if let found = try? spawner.run(["/bin/grep", "-aoE", "_?swift_[A-Za-z0-9_]+", compiler], until: .now + .seconds(60), streams: .separate) {
        names.formUnion(found.output.split(separator: "\n").map(String.init))
      }
      let modules = ["Swift", "_Concurrency", "Synchronization", "Observation", "Dispatch", "Testing"]
      let folders = format.interfaceFolders(toolchain: toolchain, sdk: Toolchain.appleSDK, platform: Toolchain.applePlatform)
      for folder in folders.flatMap({ interfaces in modules.map { "\(interfaces)/\($0).swiftmodule" } }) {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasSuffix(".swiftinterface") {
          guard let text = try? String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8) else { continue }
          for match in text.matches(of: /@_silgen_name\("([^"]+)"\)/) { names.insert(String(match.1)) }
        }
      }
      if let cache, !names.isEmpty {
        try? FileManager.default.createDirectory(at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(([stamp] + names.sorted()).joined(separator: "\n").utf8).write(to: cache, options: .atomic)
      }
      known[toolchain] = names
      return names
    }
  }

  private static let runtimeCache = Locked<[String: Set<String>]>([:])

  /// What the built `library` holds that these rules refuse, as refusals of the file `shownAs`.
  package static func refusals(
    in library: URL, shownAs: String, threadSanitizer: Bool, toolchain: String, spawner: Spawner, cache: URL? = nil,
    format: ObjectFormat = .host
  ) -> [Refusal] {
    // One listing of the symbols and one of the sections; a tool that cannot read the library refuses nothing here.
    let symbols = listing(["\(toolchain)/bin/llvm-nm"] + format.symbolOptions + [library.path], spawner: spawner)
    let sections = listing(["\(toolchain)/bin/llvm-objdump", "-h", library.path], spawner: spawner)
    let read = ObjectListing(symbols: symbols ?? "", sections: sections ?? "", format: format)
    let runtime = symbols == nil ? [] : runtimeFunctions(toolchain: toolchain, spawner: spawner, cache: cache, format: format)
    return refusals(in: read, shownAs: shownAs, threadSanitizer: threadSanitizer, runtime: runtime, format: format) { names in
      reflectionUses(names, toolchain: toolchain, spawner: spawner)
    }
  }

  /// What `library`, a library as listed in `format`, holds that these rules refuse, as refusals of
  /// the file `shownAs`: the rules themselves, the same for every format. `runtime` is
  /// `runtimeFunctions`; `reflection` demangles Swift symbols into the reflection among them.
  package static func refusals(
    in library: ObjectListing, shownAs: String, threadSanitizer: Bool, runtime: Set<String>, format: ObjectFormat,
    reflection: ([String]) -> [String]
  ) -> [Refusal] {
    var refusals: [Refusal] = []
    let foreign = library.exported.filter { !$0.hasPrefix("$s") }
    refusals += foreign.prefix(3).map { Refusal(rule: .exportedSymbol, path: shownAs, line: nil, found: $0) }
    let refused = library.called.filter { name in
      !name.hasPrefix("$s") && !runtime.contains(name) && !cFunctions.contains(name) && !format.platformFunctions.contains(name)
        // ThreadSanitizer's compiler pass adds calls to its runtime; no Swift code can name one.
        && !(threadSanitizer && name.hasPrefix("__tsan_"))
    }
    refusals += Set(refused).sorted().prefix(3).map { Refusal(rule: .cFunction, path: shownAs, line: nil, found: $0) }
    if threadSanitizer {
      let unseen = library.called.filter { $0.hasPrefix("swift_") && !isInstrumented($0) }
      refusals += Set(unseen).sorted().prefix(1).map { Refusal(rule: .reflection, path: shownAs, line: nil, found: $0) }
      let uses = reflection(library.called.filter { $0.hasPrefix("$s") })
      refusals += uses.prefix(1).map { Refusal(rule: .reflection, path: shownAs, line: nil, found: $0) }
    }
    if library.loaderEntries > format.loaderEntries(threadSanitizer: threadSanitizer) {
      refusals.append(Refusal(rule: .section, path: shownAs, line: nil, found: format.loaderSectionShown))
    }
    return refusals
  }

  /// The standard library's reflection among the Swift symbols `names`, demangled: `Swift.Mirror`, `Swift.dump`.
  static func reflectionUses(_ names: [String], toolchain: String, spawner: Spawner) -> [String] {
    guard !names.isEmpty,
      let outcome = try? spawner.run(
        ["\(toolchain)/bin/swift-demangle", "--compact"] + names, until: .now + .seconds(60), streams: .separate),
      outcome.succeeded
    else { return [] }
    return outcome.output.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("Swift.Mirror") || $0.hasPrefix("Swift.dump") || $0.hasPrefix("type metadata accessor for Swift.Mirror")
    }.map { $0.hasPrefix("Swift.dump") ? "dump" : "Mirror" }
  }

  /// What `arguments`, a listing tool's command, prints, or `nil` when it cannot read the file.
  private static func listing(_ arguments: [String], spawner: Spawner) -> String? {
    guard let outcome = try? spawner.run(arguments, until: .now + .seconds(60), streams: .separate), outcome.succeeded else { return nil }
    return outcome.output
  }
}
