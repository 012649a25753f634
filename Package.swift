// swift-tools-version: 6.2
import Foundation
import PackageDescription

// The workbook: one library target per lesson, its canonical tests, the
// learner's own tests where a lesson asks for them, and the grader.
//
// Lesson targets are built from `Lessons/` (the starters you edit) unless the
// environment says `WORKBOOK_SOLUTIONS=1`, which builds the same module names
// from `Solutions/`. SwiftPM re-reads this manifest when that variable
// changes, so one set of tests serves both with no `#if` anywhere:
//
//     swift test --filter ExpectRequireTests                      # your code
//     WORKBOOK_SOLUTIONS=1 swift test --scratch-path .build-solutions  # the solutions
//
// A solutions build has no grader: only the lessons and their tests.
let sourceRoot =
  ProcessInfo.processInfo.environment["WORKBOOK_SOLUTIONS"] == "1" ? "Solutions" : "Lessons"

/// Every lesson in order: its folder under `Lessons/` and `Solutions/`, its
/// module, whether it has a `Tests/` folder of tests the learner writes, and
/// whether it builds in Swift 5 mode here. A lesson whose tasks the compiler
/// grades (`"kind": "compiles"`) does: there Swift 6's concurrency errors are
/// warnings, so a learner's unfinished code never stops the rest of the
/// workbook from building, while `grade` compiles it in Swift 6 mode.
/// A lesson marked `xcode26` compiles as a new Xcode 26 app target does: its module with
/// default `MainActor` isolation (SE-0466), and the module and its tests with
/// `NonisolatedNonsendingByDefault` (SE-0461).
/// `Lessons/catalog.json` says the rest; `swift run grade check` proves the two agree.
let lessons: [(folder: String, module: String, learnerTests: Bool, swift5: Bool, xcode26: Bool)] = [
  ("01-expect-and-require", "ExpectRequire", true, false, false),
  ("02-parameterized-tests", "ParameterizedTesting", true, false, false),
  ("03-dependency-injection", "DependencyInjection", true, false, false),
  ("04-mocking", "Mocking", true, false, false),
  ("05-callbacks-and-confirmations", "CallbackTesting", true, false, false),
  ("06-tasks-and-time", "TaskTesting", true, false, false),
  ("07-sending-and-sendable", "SendingSendable", true, true, false),
  ("08-actors-and-races", "ActorsAndRaces", true, true, false),
  ("09-traits-and-migration", "SuiteTraits", true, false, false),
  ("10-approachable-concurrency", "ApproachableConcurrency", true, true, true),
]

/// How the grader's targets build in the debug build `swift run grade` makes, so that a learner's
/// first run pays less for them: debug information as line tables only (a crash's backtrace
/// still names file and line; a debugger shows no variables), and no index of the system
/// modules (SwiftPM indexes Foundation and the standard library into each build folder
/// otherwise). Together a sixth less CPU for a cold build of the grader (35 s against 41 s).
/// The grader's tests build so too: CI's cold `swift build --build-tests` took 114 CPU-s
/// against 118.
let grader: [SwiftSetting] = [.unsafeFlags(["-gline-tables-only", "-index-ignore-system-modules"])]

/// The grader's hottest path, built optimized as well: every record a run writes is checked
/// against its seal (`RecordSeal`, GradeWire's four small files, about a second of a cold
/// build). GradeEvents and GradeCatalog optimized too took 7 to 15 s more of a cold build's
/// CPU, so they stay unoptimized, their loops written for it.
let hotPath: [SwiftSetting] = [.unsafeFlags(["-O", "-gline-tables-only", "-index-ignore-system-modules"])]

var targets: [Target] = [
  // What the workbook is: its catalog, lessons, tasks and variants, its paths and the
  // grader's errors. Every other part of the grader stands on it, and it on nothing.
  .target(name: "GradeCatalog", path: "Sources/GradeCatalog", swiftSettings: grader),
  // Running a process and waiting on it; blocking work side by side. Of grading it knows
  // only the grader's errors.
  .target(name: "GradeProcesses", dependencies: ["GradeCatalog", "GradeWire"], path: "Sources/GradeProcesses", swiftSettings: grader),
  // Swift Testing's event stream, as the box's program writes it, folded into what each test did.
  .target(name: "GradeEvents", dependencies: ["GradeProcesses", "GradeWire"], path: "Sources/GradeEvents", swiftSettings: grader),
  // What a grading found: each lesson's and task's result, its checks and findings, before
  // GradeFeedback puts them into words.
  .target(name: "GradeResults", dependencies: ["GradeCatalog", "GradeEvents", "GradeProcesses"], path: "Sources/GradeResults", swiftSettings: grader),
  // The box: one graded program run in isolation, limits in, a sealed report out. It knows
  // nothing of lessons' builds or grades, so nothing a grading decides can loosen it.
  .target(name: "GradeBox", dependencies: ["GradeCatalog", "GradeEvents", "GradeProcesses", "GradeWire"], path: "Sources/GradeBox", swiftSettings: grader),
  // What a learner's files may hold, listed as what is allowed, read from the compiler's own
  // view of them. The rules cannot see how a grading goes, so no grading can bend them.
  .target(name: "GradePolicy", dependencies: ["GradeCatalog", "GradeProcesses", "GradeResults"], path: "Sources/GradePolicy", swiftSettings: grader),
  // Mutants made from the compiler's own tree of a solution, and the one program that switches
  // among them (a mutant schema). It knows nothing of how they are built, run or judged.
  .target(name: "GradeMutants", dependencies: ["GradeCatalog", "GradeProcesses"], path: "Sources/GradeMutants", swiftSettings: grader),
  // The first stage of a grading: what a lesson's grading compiles and from where, compiled
  // into a workspace (the learner's module and tests, every variant, the program inside the
  // box), with the key builder and the stored format every store follows, and the store of
  // lessons' results. Gives `Workspace.Built`.
  .target(
    name: "GradeBuild", dependencies: ["GradeBox", "GradeCatalog", "GradeEvents", "GradeMutants", "GradePolicy", "GradeProcesses", "GradeResults", "GradeWire"],
    path: "Sources/GradeBuild", swiftSettings: grader),
  // The second stage: which build grades which task, the runs a grading makes, run side by
  // side in boxes, each folded into what its tests did. Gives a `JobResult` per `JobID`.
  .target(
    name: "GradeRun", dependencies: ["GradeBox", "GradeBuild", "GradeCatalog", "GradeEvents", "GradeMutants", "GradeProcesses", "GradeResults"],
    path: "Sources/GradeRun", swiftSettings: grader),
  // The third stage: every task's checks and findings from the runs' results. Gives a `LessonResult`.
  .target(
    name: "GradeJudge", dependencies: ["GradeBox", "GradeBuild", "GradeCatalog", "GradeEvents", "GradeResults", "GradeRun"],
    path: "Sources/GradeJudge", swiftSettings: grader),
  // The fourth stage: what a grading found, in words, feedback for a learner and results.json
  // for a machine. It reads results only, so every report words the same findings the same way.
  .target(name: "GradeFeedback", dependencies: ["GradeCatalog", "GradeEvents", "GradeProcesses", "GradeResults", "GradeWire"], path: "Sources/GradeFeedback", swiftSettings: grader),
  // The grader on top of the stages (`Grader.grade` calls Build, Run and Judge in order; a
  // command puts the result into words with Feedback), and everything around it: class
  // grading, releases, platforms, `grade check`, and the commands.
  .target(
    name: "GradeKit",
    dependencies: [
      "GradeBox", "GradeBuild", "GradeCatalog", "GradeEvents", "GradeFeedback", "GradeJudge", "GradeMutants", "GradeProcesses", "GradeResults",
      "GradeRun",
    ],
    path: "Sources/GradeKit", swiftSettings: grader),
  .executableTarget(name: "grade", dependencies: ["GradeKit"], path: "Sources/grade", swiftSettings: grader),
  // The program inside the box. The grader compiles these files into every graded program;
  // SwiftPM builds them too, so that the build checks them.
  .target(name: "GradeWire", path: "Sources/GradeWire", swiftSettings: hotPath),
  .executableTarget(name: "GradeRunner", dependencies: ["GradeWire"], path: "Sources/GradeRunner"),
  .target(name: "GradeRunnerC", path: "Sources/GradeRunnerC"),
  // The box's launcher, in C: one process that makes a run's namespaces, mounts, limits and
  // user, then becomes its test program (`Sources/GradeLauncher/Launcher.h`). The grader
  // compiles these files with clang (`Launcher`); SwiftPM builds them too, so that the build checks them.
  .executableTarget(name: "GradeLauncher", path: "Sources/GradeLauncher"),
]
// The grader's own tests; a student copy (`grade release`) leaves them out, since their
// fixtures name the bugs the buggy versions hold. The pure stages' tests build without
// GradeKit, on a support target of samples (`Tests/GradeTestSupport`).
@MainActor func graderTests(_ name: String, _ dependencies: [Target.Dependency], exclude: [String] = []) {
  guard FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests/\(name)") else { return }
  targets.append(.testTarget(name: name, dependencies: dependencies, path: "Tests/\(name)", exclude: exclude, swiftSettings: grader))
}
if FileManager.default.fileExists(atPath: Context.packageDirectory + "/Tests/GradeTestSupport") {
  targets.append(.target(
    name: "GradeTestSupport", dependencies: ["GradeCatalog", "GradeEvents", "GradeFeedback", "GradeJudge", "GradeProcesses", "GradeResults", "GradeRun"],
    path: "Tests/GradeTestSupport", swiftSettings: grader))
}
graderTests("GradeCatalogTests", ["GradeCatalog"])
graderTests("GradeEventsTests", ["GradeBuild", "GradeEvents", "GradeResults", "GradeTestSupport"], exclude: ["Fixtures"])
graderTests("GradeResultsTests", ["GradeCatalog", "GradeEvents", "GradeResults", "GradeTestSupport"])
graderTests("GradeBuildTests", ["GradeBox", "GradeBuild", "GradeCatalog", "GradeEvents", "GradeProcesses", "GradeResults", "GradeTestSupport"])
graderTests("GradeRunTests", [
  "GradeBox", "GradeBuild", "GradeCatalog", "GradeEvents", "GradeJudge", "GradeProcesses", "GradeResults", "GradeRun", "GradeTestSupport",
])
graderTests("GradeJudgeTests", ["GradeCatalog", "GradeEvents", "GradeFeedback", "GradeJudge", "GradeResults", "GradeRun", "GradeTestSupport"])
graderTests("GradeFeedbackTests", [
  "GradeBuild", "GradeCatalog", "GradeEvents", "GradeFeedback", "GradeJudge", "GradeProcesses", "GradeResults", "GradeRun", "GradeWire", "GradeTestSupport",
])
graderTests(
  "GradeKitTests",
  [
    "GradeBox", "GradeBuild", "GradeCatalog", "GradeEvents", "GradeFeedback", "GradeJudge", "GradeKit", "GradeMutants", "GradePolicy",
    "GradeProcesses", "GradeResults", "GradeRun", "GradeWire", "GradeTestSupport",
  ], exclude: ["Golden"])

// With the solutions, the workbook is its lessons and their tests alone: nothing grades with a
// solutions build, so the grader and its tests are not compiled a second time for it.
let solutionsOnly = sourceRoot == "Solutions"
if solutionsOnly { targets.removeAll() }

for lesson in lessons {
  let features: [SwiftSetting] = lesson.xcode26 ? [.enableUpcomingFeature("NonisolatedNonsendingByDefault")] : []
  let mode: [SwiftSetting] = (lesson.swift5 ? [.swiftLanguageMode(.v5)] : []) + features
  let isolation: [SwiftSetting] = lesson.xcode26 ? [.defaultIsolation(MainActor.self)] : []
  targets.append(.target(name: lesson.module, path: "\(sourceRoot)/\(lesson.folder)/Sources", swiftSettings: mode + isolation))
  targets.append(.testTarget(
    name: "\(lesson.module)Tests", dependencies: [.target(name: lesson.module)],
    path: "Tests/\(lesson.module)Tests", swiftSettings: mode))
  if lesson.learnerTests {
    targets.append(.testTarget(
      name: "\(lesson.module)LearnerTests", dependencies: [.target(name: lesson.module)],
      path: "\(sourceRoot)/\(lesson.folder)/Tests", swiftSettings: mode))
  }
}

let package = Package(
  name: "TestingWorkbook",
  platforms: [.macOS(.v15)],
  products: solutionsOnly ? [] : [.executable(name: "grade", targets: ["grade"])],
  targets: targets
)
