import GradeProcesses

/// The format of the libraries the compiler makes on a platform, and how the toolchain's
/// `llvm-nm` and `llvm-objdump` list them: the one place the machine-code rules
/// (`MachineCodeRules`) differ between Linux (ELF) and macOS (Mach-O).
package enum ObjectFormat: String, Sendable, Equatable, CaseIterable {
  /// Linux's: dynamic symbols in `.dynsym`, the loader's start-up calls in `.init_array`.
  case elf
  /// macOS's: every symbol's name starts with an underscore, and the loader's start-up calls
  /// are in `__mod_init_func` (or, as a newer linker writes them, `__init_offsets`).
  case machO

  /// The format of the libraries this grader's compiler makes.
  package static var host: ObjectFormat {
    #if canImport(Darwin)
      .machO
    #else
      .elf
    #endif
  }

  /// The `llvm-nm` options that list what a library calls and exports: ELF keeps them in a
  /// dynamic table of their own; Mach-O has one table, whose external symbols are those.
  var symbolOptions: [String] {
    switch self {
    case .elf: ["-D"]
    case .machO: ["-g"]
    }
  }

  /// `listed`, a symbol as `llvm-nm` lists it, as Swift and C spell it: without ELF's symbol
  /// version (`dlsym@GLIBC_2.34`) or the underscore Mach-O puts before every name (`_dlsym`).
  func name(_ listed: String) -> String {
    let name = String(listed.prefix { $0 != "@" })
    switch self {
    case .elf: return name
    case .machO: return name.hasPrefix("_") ? String(name.dropFirst()) : name
    }
  }

  /// The sections whose entries the loader calls before anything else runs, each with the
  /// size of one entry in bytes.
  var loaderSections: [(name: String, entryBytes: Int)] {
    switch self {
    case .elf: [(".init_array", 8), (".preinit_array", 8), (".ctors", 8)]
    case .machO: [("__mod_init_func", 8), ("__init_offsets", 4)]
    }
  }

  /// The section a refusal names when a library asks the loader to run more than a Swift library does.
  var loaderSectionShown: String { loaderSections[0].name }

  /// How many entries a Swift library's loader sections hold. ELF (measured here): the C
  /// runtime's and Swift's registration of its metadata; ThreadSanitizer adds its start.
  /// Mach-O: Swift registers its metadata through the loader's callbacks, with no entry;
  /// ThreadSanitizer's start is one. Not yet measured on a Mac: `grade check` in the macOS CI
  /// job grades every solution, and would refuse one if this were low.
  func loaderEntries(threadSanitizer: Bool) -> Int {
    switch self {
    case .elf: threadSanitizer ? 3 : 2
    case .machO: threadSanitizer ? 1 : 0
    }
  }

  /// Names the linker defines in every library, which no code of the learner's exports.
  var linkerMarkers: Set<String> {
    switch self {
    case .elf: ["__bss_start", "_edata", "_end", "_init", "_fini"]
    case .machO: ["_mh_dylib_header"]
    }
  }

  /// What Swift code on this format calls for its own needs beyond `MachineCodeRules.cFunctions`:
  /// on Mach-O the stack protector's guard and failure (clang here emits them for an arm64 Mac),
  /// the loader's lazy binding and thread-local start, the stack probe, and the Objective-C
  /// runtime a Swift class's metadata refers to. Not yet measured from a Swift library on a Mac
  /// (as `loaderEntries`).
  var platformFunctions: Set<String> {
    switch self {
    case .elf: []
    case .machO:
      [
        "__stack_chk_fail", "__stack_chk_guard", "dyld_stub_binder", "_tlv_bootstrap", "__chkstk_darwin", "_objc_empty_cache", "OBJC_CLASS_$__TtCs12_SwiftObject",
        "OBJC_METACLASS_$__TtCs12_SwiftObject", "objc_retain", "objc_release", "objc_autoreleaseReturnValue",
        "objc_retainAutoreleasedReturnValue",
      ]
    }
  }

  /// The folders that hold the platform's module interfaces (`Toolchain.interfaceFolders`).
  func interfaceFolders(toolchain: String, sdk: String?, platform: String?) -> [String] {
    Toolchain.interfaceFolders(toolchain: toolchain, mac: self == .machO, sdk: sdk, platform: platform)
  }
}
