import Foundation

/// Builds each variant of a lesson's code once, as a library, and keeps it.
///
/// A variant's folder under `StateFolder.variants` is named by a hash of its
/// module name, its sources and the toolchain, and holds only the compiled
/// form (`lib<Module>.so` and `<Module>.swiftmodule`): the sources it was built
/// from are removed once it is built, so nothing in it names a chaff.
enum VariantLibrary {
  /// The folder holding the built library of `sources` as `module`, or why it could not be built.
  static func build(_ sources: SandboxPlan.Sources, module: String, state: StateFolder, compiler: Compiler) -> Result<URL, GradeError> {
    let folder = self.folder(of: sources, module: module, state: state, compiler: compiler)
    let manager = FileManager.default
    if manager.fileExists(atPath: folder.appending(path: Compiler.libraryName(module)).path) { return .success(folder) }
    return compile(sources, module: module, state: state, compiler: compiler, into: folder)
  }

  /// Whether the library of `sources` is built already.
  static func isBuilt(_ sources: SandboxPlan.Sources, module: String, state: StateFolder, compiler: Compiler) -> Bool {
    let folder = self.folder(of: sources, module: module, state: state, compiler: compiler)
    return FileManager.default.fileExists(atPath: folder.appending(path: Compiler.libraryName(module)).path)
  }

  /// The folder named by a hash of everything the library is built from.
  private static func folder(of sources: SandboxPlan.Sources, module: String, state: StateFolder, compiler: Compiler) -> URL {
    var fingerprint = Fingerprint()
    fingerprint.add(module)
    fingerprint.add(Toolchain.version(runner: compiler.runner))
    fingerprint.add(compiler.threadSanitizer ? "thread sanitizer" : "")
    for name in sources.files.keys.sorted() {
      fingerprint.add(name)
      fingerprint.add(sources.files[name]!)
    }
    return state.variants.appending(path: String(fingerprint.value, radix: 16))
  }

  private static func compile(
    _ sources: SandboxPlan.Sources, module: String, state: StateFolder, compiler: Compiler, into folder: URL
  ) -> Result<URL, GradeError> {
    let manager = FileManager.default
    let scratch = state.variants.appending(path: "building-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: scratch) }
    let sourceFolder = scratch.appending(path: "src")
    do {
      try manager.createDirectory(at: sourceFolder, withIntermediateDirectories: true)
      for (name, data) in sources.files { try data.write(to: sourceFolder.appending(path: name)) }
    } catch {
      return .failure(.infrastructure("cannot write to \(state.variants.path): \(error.localizedDescription)"))
    }
    let built = scratch.appending(path: "lib")
    let result = compiler.library(module: module, sourceFolder: sourceFolder, names: sources.files.keys.sorted(), into: built)
    guard result.succeeded else {
      let shown = sources.shownAs.values.sorted().joined(separator: ", ")
      return .failure(.infrastructure("the workbook's own code (\(shown)) does not compile: \(result.output.suffix(800))"))
    }
    try? manager.removeItem(at: built.appending(path: "\(Compiler.libraryName(module)).inputs"))
    // Another grading may have built the same variant meanwhile; either copy will do.
    if (try? manager.moveItem(at: built, to: folder)) == nil, !manager.fileExists(atPath: folder.path) {
      return .failure(.infrastructure("cannot move a built variant into \(folder.path)"))
    }
    return .success(folder)
  }
}
