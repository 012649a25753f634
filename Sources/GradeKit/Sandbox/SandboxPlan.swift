import Foundation

/// The files of one lesson's sandbox package, where each came from, and its manifest.
///
/// A sandbox holds the workbook's canonical files plus only the files the
/// learner owns, so edits to canonical tests count for nothing and a compile
/// error in one lesson never reaches another. For each task where the learner
/// writes tests, it also holds one copy of those tests per variant (the wheat
/// and every chaff), each compiled against its own module with
/// `-module-alias`, so that one build serves every variant.
public struct SandboxPlan: Sendable {
  /// One module the learner's tests of a task are compiled against.
  public struct Variant: Sendable, Equatable {
    /// The write-tests task this variant belongs to.
    public var taskNumber: Int
    /// The chaff, or `nil` for the wheat.
    public var chaff: Chaff?
    /// The variant's folder under `Variants/`, such as `T3V1`.
    public var tag: String
    /// The library module's real name, such as `ExpectRequire_T3V1`.
    public var module: String
    /// The test module's name, such as `ExpectRequireLearnerTests_T3V1`.
    public var testModule: String
  }

  /// The lesson the sandbox grades.
  public var lesson: Lesson
  /// File contents by path relative to the sandbox root, `Package.swift` included.
  public var files: [String: Data]
  /// The path a learner knows each sandbox file by, such as `Lessons/01-x/Sources/A.swift`.
  public var displayPaths: [String: String]
  /// The variants for write-tests tasks.
  public var variants: [Variant]
  /// Tasks that cannot be graded from these files, with the reason.
  public var unavailable: [Int: String]

  /// Handed-out versions of canonical files the learner edited.
  var pristine: PristineFiles
  /// The workbook's folder, to tell its canonical files by path.
  var workbookRoot: URL

  /// The package name, which fixes the test binary's name.
  public static let packageName = "Sandbox"

  /// Plans a sandbox for `lesson`, taking owned files from `learnerFolder`
  /// (a folder laid out like `Lessons/NN-slug`) and everything else from `workbook`.
  public init(workbook: Workbook, lesson: Lesson, learnerFolder: URL, pristine: PristineFiles = .none) throws(GradeError) {
    self.lesson = lesson
    self.pristine = pristine
    self.workbookRoot = workbook.root
    files = [:]
    displayPaths = [:]
    variants = []
    unavailable = [:]

    let starter = workbook.starterFolder(of: lesson)
    let solution = workbook.solutionFolder(of: lesson)
    let owned = Set(lesson.ownedFiles)
    let lessonPath = "Lessons/\(lesson.folder)"

    // The learner's module: canonical sources, then the learner's own files.
    for name in swiftFiles(in: starter.appending(path: "Sources")) where !owned.contains("Sources/\(name)") {
      try add("\(lessonPath)/Sources/\(name)", from: starter.appending(path: "Sources/\(name)"), shownAs: "\(lessonPath)/Sources/\(name)")
    }
    for file in lesson.ownedFiles where file.hasPrefix("Sources/") {
      try addOwned(file, to: "\(lessonPath)/\(file)", learnerFolder: learnerFolder, shownAs: "\(lessonPath)/\(file)")
    }
    let canonicalTests = workbook.canonicalTestFolder(of: lesson)
    let hasCanonicalTests = FileManager.default.fileExists(atPath: canonicalTests.path)
    if hasCanonicalTests {
      for name in swiftFiles(in: canonicalTests) {
        let path = "Tests/\(lesson.testModule)/\(name)"
        try add(path, from: canonicalTests.appending(path: name), shownAs: path)
      }
    }

    // One module and one copy of the learner's tests per variant of each write-tests task.
    for task in lesson.tasks {
      guard case .writeTests(let spec) = task.kind else { continue }
      guard FileManager.default.fileExists(atPath: solution.appending(path: "Sources").path) else {
        unavailable[task.number] = "this copy of the workbook has no Solutions/\(lesson.folder), which holds the code your tests are checked against, so your instructor grades this task; run your tests yourself with swift test --filter \(lesson.learnerTestModule)"
        continue
      }
      let solutionSources = swiftFiles(in: solution.appending(path: "Sources"))
      let canonicalLearnerTests = swiftFiles(in: starter.appending(path: "Tests"))
        .filter { !owned.contains("Tests/\($0)") }
      for (index, chaff) in ([nil] + spec.chaffs.map(Optional.some)).enumerated() {
        let tag = "T\(task.number)V\(index)"
        let variant = Variant(
          taskNumber: task.number, chaff: chaff, tag: tag, module: "\(lesson.module)_\(tag)",
          testModule: "\(lesson.learnerTestModule)_\(tag)")
        for name in solutionSources {
          var source = solution.appending(path: "Sources/\(name)")
          var shown = "Solutions/\(lesson.folder)/Sources/\(name)"
          if let chaff {
            let replacement = solution.appending(path: "Chaffs/\(chaff.name)/\(name)")
            if FileManager.default.fileExists(atPath: replacement.path) {
              source = replacement
              shown = "Solutions/\(lesson.folder)/Chaffs/\(chaff.name)/\(name)"
            }
          }
          try add("Variants/\(tag)/Sources/\(name)", from: source, shownAs: shown)
        }
        for name in canonicalLearnerTests {
          try add("Variants/\(tag)/Tests/\(name)", from: starter.appending(path: "Tests/\(name)"), shownAs: "\(lessonPath)/Tests/\(name)")
        }
        for file in task.files {
          try addOwned(file, to: "Variants/\(tag)/\(file)", learnerFolder: learnerFolder, shownAs: "\(lessonPath)/\(file)")
        }
        variants.append(variant)
      }
    }
    self.hasCanonicalTests = hasCanonicalTests
    files["Package.swift"] = Data(manifest(excluding: []).utf8)
  }

  /// Whether the lesson has a canonical test folder.
  public var hasCanonicalTests: Bool = false

  /// A part of the sandbox that builds or fails on its own.
  public enum Part: Hashable, Sendable {
    /// The learner's module and the canonical tests.
    case main
    /// The variants of one write-tests task.
    case task(Int)
  }

  /// The part a sandbox-relative path belongs to.
  public static func part(ofSandboxPath path: String?) -> Part {
    guard let path, path.hasPrefix("Variants/T"),
      let number = Int(path.dropFirst("Variants/T".count).prefix { $0.isNumber })
    else { return .main }
    return .task(number)
  }

  /// The generated `Package.swift`, leaving out parts that do not compile.
  public func manifest(excluding excluded: Set<Part>) -> String {
    var targets: [String] = []
    if !excluded.contains(.main) {
      targets.append("    .target(name: \"\(lesson.module)\", path: \"Lessons/\(lesson.folder)/Sources\"),")
      if hasCanonicalTests {
        targets.append(
          "    .testTarget(name: \"\(lesson.testModule)\", dependencies: [\"\(lesson.module)\"], path: \"Tests/\(lesson.testModule)\"),")
      }
    }
    for variant in variants where !excluded.contains(.task(variant.taskNumber)) {
      let tag = variant.tag
      targets.append("    .target(name: \"\(variant.module)\", path: \"Variants/\(tag)/Sources\"),")
      targets.append("""
            .testTarget(
              name: "\(variant.testModule)", dependencies: ["\(variant.module)"], path: "Variants/\(tag)/Tests",
              swiftSettings: [.unsafeFlags(["-module-alias", "\(lesson.module)=\(variant.module)"])]),
        """)
    }
    return """
      // swift-tools-version: 6.1
      // Generated by `grade` for lesson \(lesson.number); it is rewritten on every run.
      import PackageDescription

      let package = Package(
        name: "\(Self.packageName)",
        platforms: [.macOS(.v15)],
        targets: [
      \(targets.joined(separator: "\n"))
        ]
      )

      """
  }

  private mutating func add(_ path: String, from source: URL, shownAs shown: String) throws(GradeError) {
    let prefix = workbookRoot.path + "/"
    if source.path.hasPrefix(prefix), let handedOut = pristine.contents[String(source.path.dropFirst(prefix.count))] {
      // The learner edited a canonical file; their edit counts for nothing.
      files[path] = handedOut
      displayPaths[path] = shown
      return
    }
    guard let data = try? Data(contentsOf: source) else {
      throw .infrastructure("cannot read \(source.path); the workbook looks incomplete (git status shows what changed)")
    }
    files[path] = data
    displayPaths[path] = shown
  }

  private mutating func addOwned(_ file: String, to path: String, learnerFolder: URL, shownAs shown: String) throws(GradeError) {
    let source = learnerFolder.appending(path: file)
    guard let data = try? Data(contentsOf: source) else {
      throw .usage("\(shown) is missing. It is your file for this lesson: restore it with `git checkout -- \(shown)` or `swift run grade reset \(lesson.number)`.")
    }
    files[path] = data
    displayPaths[path] = shown
  }
}

/// The `.swift` files directly in a folder, sorted; none when the folder does not exist.
func swiftFiles(in folder: URL) -> [String] {
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
  return names.filter { $0.hasSuffix(".swift") }.sorted()
}
