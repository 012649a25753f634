import Foundation
import GradeCatalog

/// A copy of each of a program's module objects with every global in a section of its own,
/// which is what a task's programs are linked from (`SectionPlan`).
///
/// The Swift compiler puts a type's metadata in one piece of data with whatever the file
/// emitted before it: the async function pointers of a class's closures, a value witness
/// table. A chaff with one closure more then moves its class's metadata inside the piece,
/// and no order the linker is given can move it back. Compiled again from the same file's
/// LLVM bitcode by clang with `-fdata-sections`, each global is a piece of its own, which the
/// linker's symbol order and the plan's slots place where the solution has it.
///
/// The bitcode comes from the frontend's command the driver would run (`DriverPlan`), so it
/// is the code of the object beside it. A copy is made again only for an object that changed
/// since its copy was made (a fingerprint of the object is kept beside the copy): a chaff
/// copied from the solution's build compiles again only the files it changes.
enum SectionedObjects {
  /// The suffix of a copy, in place of `.o`.
  static let suffix = ".sectioned.o"

  /// Makes the copy of each of `stems`' objects in `objects` (`Stem.o`) that is missing or
  /// older than its object, compiling the module's files in `sourceFolder` by `plan`; whether
  /// every copy is there.
  static func make(stems: [String], plan: DriverPlan, sourceFolder: URL, objects: URL, compiler: Compiler) -> Bool {
    let relative = "../\(Compiler.objectsFolder)"
    var stale: [String: String] = [:]
    for stem in stems {
      guard let object = try? Data(contentsOf: objects.appending(path: "\(stem).o")) else { return false }
      let fingerprint = fingerprint(of: object)
      let kept = try? String(contentsOf: objects.appending(path: "\(stem)\(suffix).from"), encoding: .utf8)
      if kept != fingerprint || !FileManager.default.fileExists(atPath: objects.appending(path: stem + suffix).path) {
        stale[stem] = fingerprint
      }
    }
    guard !stale.isEmpty else { return true }
    let names = stems.map { $0 + ".swift" }
    let primaries = Set(stale.keys.map { $0 + ".swift" })
    let bitcode = [plan.frontend, "-frontend", "-emit-bc"] + names.flatMap { primaries.contains($0) ? ["-primary-file", $0] : [$0] } + plan.flags
      + names.filter(primaries.contains).flatMap { ["-o", "\(relative)/\(DriverPlan.stem($0)).bc"] }
    guard run(bitcode, in: sourceFolder, compiler: compiler) else { return false }
    let clang = URL(fileURLWithPath: plan.frontend).deletingLastPathComponent().appending(path: "clang").path
    for (stem, fingerprint) in stale {
      // Position-independent, as the frontend's own objects are for a program linked with -pie;
      // and with plain frame pointers, as the frontend makes them on Linux: clang would mark
      // each async function's with bit 60, which no walk of the frames expects.
      guard run([clang, "-c", "-fPIC", "-fdata-sections", "-fswift-async-fp=never", "\(relative)/\(stem).bc", "-o", "\(relative)/\(stem)\(suffix)"], in: sourceFolder, compiler: compiler),
        (try? Data(fingerprint.utf8).write(to: objects.appending(path: "\(stem)\(suffix).from"), options: .atomic)) != nil
      else { return false }
      try? FileManager.default.removeItem(at: objects.appending(path: "\(stem).bc"))
    }
    return true
  }

  /// A fingerprint of an object's bytes.
  private static func fingerprint(of object: Data) -> String {
    var fingerprint = Fingerprint()
    fingerprint.add(object)
    return String(fingerprint.value, radix: 16)
  }

  /// Whether `arguments` ran and succeeded in `folder`.
  private static func run(_ arguments: [String], in folder: URL, compiler: Compiler) -> Bool {
    (try? compiler.spawner.run(arguments, in: folder, until: .now + compiler.timeout))?.succeeded == true
  }
}
