import Foundation
import GradeCatalog
import GradeResults

/// The correct and buggy versions of the code that a released copy ships, compiled, one folder per platform.
///
/// A class's copy has no `Solutions/`, yet its students' tests still need a
/// wheat and chaffs to run against. `grade release` builds each variant as a
/// library (object code, and for the wheat the compiled module interface the
/// tests compile against) and puts it in `Grading/<platform>/<id>/`, where the
/// id is random: no file or folder name says which variant is which, and no
/// source is shipped. `manifest.json` lists each task's variants, the wheat
/// first, then the chaffs in the catalog's order.
public enum ReleasedVariants {
  /// The folder in a released copy that holds the compiled variants.
  public static let folderName = "Grading"

  /// One platform's manifest.
  package struct Manifest: Codable, Equatable {
    /// The manifest's format.
    var version = 1
    /// The operating system and processor, such as `linux-x86_64`.
    var platform: String
    /// The first line of `swiftc --version`.
    var toolchain: String
    /// Lesson folder → task number → variant folders, the wheat first.
    package var lessons: [String: [String: [String]]]
    /// Lesson folder → task number → the task's kept mutants: one program, switched by number.
    package var mutants: [String: [String: Mutants]]?

    /// Creates a manifest of the current format.
    package init(platform: String, toolchain: String, lessons: [String: [String: [String]]], mutants: [String: [String: Mutants]]? = nil) {
      self.platform = platform
      self.toolchain = toolchain
      self.lessons = lessons
      self.mutants = mutants
    }
  }

  /// A task's kept mutants, shipped compiled: the words of each change are the copy's only
  /// record of them, and quote code only from files the student was handed.
  package struct Mutants: Codable, Equatable {
    /// The folder of the program that holds them all.
    var folder: String
    /// Each mutant, with the number that switches it on.
    var changes: [MutantChange]

    /// Creates the record of a task's shipped mutants.
    package init(folder: String, changes: [MutantChange]) {
      self.folder = folder
      self.changes = changes
    }
  }

  /// The kept mutants of a write-tests task, compiled for this platform and `toolchain`, as variants.
  static func mutants(in root: URL, lesson: Lesson, task: Int, toolchain: String) -> [WorkspacePlan.Variant] {
    guard let (folder, manifest) = manifests(in: root).first(where: { $0.manifest.platform == platform && $0.manifest.toolchain == toolchain }),
      let shipped = manifest.mutants?[lesson.folder]?[String(task)]
    else { return [] }
    return shipped.changes.map { change in
      WorkspacePlan.Variant(
        id: VariantID(task: task, role: .mutant(change)), sources: WorkspacePlan.Sources(), prebuilt: folder.appending(path: shipped.folder))
    }
  }

  /// The operating system and processor this grader was built for.
  public static var platform: String {
    #if os(Linux)
      let system = "linux"
    #elseif os(macOS)
      let system = "macos"
    #else
      let system = "other"
    #endif
    #if arch(x86_64)
      return "\(system)-x86_64"
    #elseif arch(arm64)
      return "\(system)-arm64"
    #else
      return "\(system)-other"
    #endif
  }

  /// The folder of one platform and toolchain, such as `linux-x86_64-1a2b3c4d`.
  package static func targetFolder(platform: String, toolchain: String) -> String {
    "\(platform)-\(Fingerprint.hex(of: toolchain).prefix(8))"
  }

  /// Every manifest in a released copy, by its folder.
  static func manifests(in root: URL) -> [(folder: URL, manifest: Manifest)] {
    let grading = root.appending(path: folderName)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: grading.path))?.sorted() ?? []
    return names.compactMap { name in
      let folder = grading.appending(path: name)
      guard let data = try? Data(contentsOf: folder.appending(path: "manifest.json")),
        let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
      else { return nil }
      return (folder, manifest)
    }
  }

  /// The built variants of a write-tests task for this platform and `toolchain`, or why there are none.
  static func lookup(in root: URL, lesson: Lesson, task: Int, toolchain: String) -> Result<[URL], Unavailability> {
    let all = manifests(in: root)
    let module = lesson.learnerTestModule
    guard !all.isEmpty else { return .failure(.noReleasedVariants(testModule: module)) }
    guard let (folder, manifest) = all.first(where: { $0.manifest.platform == platform && $0.manifest.toolchain == toolchain }) else {
      return .failure(.releasedForOtherMachines(
        builtFor: all.map { .init(platform: $0.manifest.platform, toolchain: $0.manifest.toolchain) },
        here: .init(platform: platform, toolchain: toolchain), testModule: module))
    }
    guard let ids = manifest.lessons[lesson.folder]?[String(task)], !ids.isEmpty else {
      return .failure(.releasedWithoutTask(testModule: module))
    }
    return .success(ids.map { folder.appending(path: $0) })
  }
}
