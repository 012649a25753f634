@testable import GradePolicy
import GradeResults
import Testing

/// The machine-code rules read a library's listings the same way in either format: recorded
/// `llvm-nm` and `llvm-objdump -h` text of real ELF and Mach-O files, made here with the
/// toolchain's clang (`-target arm64-apple-macos15 -c` for Mach-O objects; this toolchain's
/// linker cannot link for macOS, so the Mach-O listings are of objects, not libraries).
@Suite("Object listings of ELF and Mach-O")
struct ObjectListingTests {
  /// `llvm-nm -D` of a Swift library (`swiftc -emit-library`) with a C file linked in that
  /// calls `dlsym` and exports `exported_c` from a constructor; Swift symbols cut to two.
  static let elfSymbols = """
                     U $sBoWV
    0000000000000e80 T $s1S6doubleyS2iF
                     w _ITM_deregisterTMCloneTable
                     w _ITM_registerTMCloneTable
    00000000000030b8 D __bss_start
                     w __cxa_finalize@GLIBC_2.2.5
                     w __gmon_start__
    00000000000030b8 D _edata
    00000000000031d0 D _end
                     U _swift_backtrace_isThunkFunction
                     U dlsym@GLIBC_2.34
    0000000000001130 T exported_c
                     U memset@GLIBC_2.2.5
                     U swift_addNewDSOImage
                     U swift_allocObject
    """

  /// `llvm-objdump -h` of that library, cut to its header and loader section: three entries.
  static let elfSections = """

    libSX.so:	file format elf64-x86-64

    Sections:
    Idx Name                         Size     VMA              Type
     34 .init_array                  00000018 0000000000002d58 DATA
    """

  /// `llvm-nm -g` of a Mach-O object from the same C file: a constructor that calls `dlsym`.
  static let machOSymbols = """
                     U _dlsym
    0000000000000020 T _exported_c
    """

  /// `llvm-objdump -h` of that object: its constructor in `__mod_init_func`.
  static let machOSections = """

    x-macho.o:	file format mach-o arm64

    Sections:
    Idx Name             Size     VMA              Type
      0 __text           00000048 0000000000000000 TEXT
      1 __cstring        00000002 0000000000000048 DATA
      2 __mod_init_func  00000008 0000000000000050 DATA
      3 __compact_unwind 00000040 0000000000000058 DATA
    """

  /// `llvm-nm -g` and `llvm-objdump -h` of a Mach-O object shaped like a clean Swift library:
  /// a Swift symbol, calls to the runtime and `memset`, no constructor.
  static let cleanMachOSymbols = """
    0000000000000000 T _$s1S6doubleyS2iF
                     U ___stack_chk_fail
                     U ___stack_chk_guard
                     U _memset
                     U _swift_allocObject
    """
  static let cleanMachOSections = """

    clean-macho.o:	file format mach-o arm64

    Sections:
    Idx Name             Size     VMA              Type
      0 __text           00000084 0000000000000000 TEXT
      1 __compact_unwind 00000020 0000000000000088 DATA
    """

  static let runtime: Set<String> = ["swift_addNewDSOImage", "swift_allocObject", "_swift_backtrace_isThunkFunction"]

  func refusals(_ listing: ObjectListing, _ format: ObjectFormat, threadSanitizer: Bool = false) -> [Refusal] {
    MachineCodeRules.refusals(
      in: listing, shownAs: "Sources/S.swift", threadSanitizer: threadSanitizer, runtime: Self.runtime, format: format
    ) { _ in [] }
  }

  @Test("ELF: versions cut from names, weak symbols and the linker's markers passed over, .init_array counted")
  func elf() {
    let listing = ObjectListing(symbols: Self.elfSymbols, sections: Self.elfSections, format: .elf)
    #expect(listing.called == ["$sBoWV", "_swift_backtrace_isThunkFunction", "dlsym", "memset", "swift_addNewDSOImage", "swift_allocObject"])
    #expect(listing.exported == ["$s1S6doubleyS2iF", "exported_c"])
    #expect(listing.loaderEntries == 3)
    #expect(refusals(listing, .elf).map(\.found) == ["exported_c", "dlsym", ".init_array"])
  }

  @Test("Mach-O: the leading underscore cut from every name, __mod_init_func counted")
  func machO() {
    let listing = ObjectListing(symbols: Self.machOSymbols, sections: Self.machOSections, format: .machO)
    #expect(listing.called == ["dlsym"] && listing.exported == ["exported_c"])
    #expect(listing.loaderEntries == 1)
    #expect(refusals(listing, .machO).map(\.found) == ["exported_c", "dlsym", "__mod_init_func"])
  }

  @Test("The same rules pass a clean library in either format, and each format's own count of loader entries")
  func clean() {
    let elf = ObjectListing(
      symbols: Self.elfSymbols.split(separator: "\n").filter { !$0.contains("dlsym") && !$0.contains("exported_c") }.joined(separator: "\n"),
      sections: Self.elfSections.replacingOccurrences(of: "00000018", with: "00000010"), format: .elf)
    #expect(elf.loaderEntries == 2)
    #expect(refusals(elf, .elf).isEmpty)
    let machO = ObjectListing(symbols: Self.cleanMachOSymbols, sections: Self.cleanMachOSections, format: .machO)
    #expect(machO.called == ["__stack_chk_fail", "__stack_chk_guard", "memset", "swift_allocObject"])
    #expect(machO.exported == ["$s1S6doubleyS2iF"] && machO.loaderEntries == 0)
    #expect(refusals(machO, .machO).isEmpty)
    // The stack protector is Mach-O's own: on ELF the same call is a C function the rules refuse.
    let asIfELF = ObjectListing(symbols: "                 U __stack_chk_fail\n", sections: "", format: .elf)
    #expect(refusals(asIfELF, .elf).map(\.found) == ["__stack_chk_fail"])
  }

  @Test("Mach-O's newer linker writes start-up calls as 4-byte offsets in __init_offsets")
  func initOffsets() {
    let sections = "Idx Name             Size     VMA              Type\n  3 __init_offsets   00000008 0000000000003f00 DATA\n"
    let listing = ObjectListing(symbols: "", sections: sections, format: .machO)
    #expect(listing.loaderEntries == 2)
    #expect(refusals(listing, .machO, threadSanitizer: true).map(\.found) == ["__mod_init_func"])
  }

  @Test("Each format reads its module interfaces where its platform keeps them: a Mac's standard library's are in the SDK")
  func interfaces() {
    #expect(ObjectFormat.elf.interfaceFolders(toolchain: "/usr", sdk: nil, platform: nil) == ["/usr/lib/swift/linux"])
    let folders = ObjectFormat.machO.interfaceFolders(toolchain: "/T/usr", sdk: "/P/SDKs/MacOSX.sdk", platform: "/P")
    #expect(folders == ["/T/usr/lib/swift/macosx", "/P/SDKs/MacOSX.sdk/usr/lib/swift", "/P/Developer/Library/Frameworks/Testing.framework/Modules"])
    #if os(Linux)
      #expect(ObjectFormat.host == .elf)
    #endif
  }
}
