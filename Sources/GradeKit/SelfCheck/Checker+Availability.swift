import Foundation
import GradeBuild
import GradeCatalog
import GradeProcesses

extension Checker {
  /// Breaches of `AvailabilityRule` in a lesson's files: its starter's and solution's sources,
  /// its canonical tests and the tests the learner writes, starter and solution. Each folder is
  /// type-checked where it stands; tests against the solution's module as grading builds it.
  func checkAvailability(of lesson: Lesson) -> [Breach] {
    let toolchain = Toolchain.folder()
    let sources = grader.state.workspace("check-solution", of: lesson).appending(path: "src/module")
    var compiler = Compiler(spawner: grader.spawner, state: grader.state)
    compiler.moduleFlags = lesson.moduleFlags
    let module = compiler.library(module: lesson.module, sourceFolder: sources, names: swiftFiles(in: sources))
    guard let moduleFolder = module.folder else {
      return [Breach(lesson: lesson.number, "the solution's module does not compile, so availability could not be checked: \(module.output.suffix(300))")]
    }
    // A Mac's Swift Testing is in its platform folder, where the frontend does not look (`TestingSearchPaths`).
    let testFlags = ["-I", moduleFolder.path] + lesson.testFlags + TestingSearchPaths.compileFlags(platform: TestingSearchPaths.host)
    let folders: [(path: WorkbookPath, module: String, flags: [String])] = [
      (WorkbookPath.lesson(lesson).appending(Lesson.sourcesFolder), lesson.module, lesson.moduleFlags),
      (WorkbookPath.solution(lesson).appending(Lesson.sourcesFolder), lesson.module, lesson.moduleFlags),
      (WorkbookPath.canonicalTests(lesson), lesson.testModule, testFlags),
      (WorkbookPath.lesson(lesson).appending(Lesson.testsFolder), lesson.learnerTestModule, testFlags),
      (WorkbookPath.solution(lesson).appending(Lesson.testsFolder), lesson.learnerTestModule, testFlags),
    ]
    var breaches: [Breach] = []
    for folder in folders {
      let url = folder.path.url(in: workbook.root)
      let names = swiftFiles(in: url)
      guard !names.isEmpty else { continue }
      let found = AvailabilityRule.check(
        names, in: url, module: folder.module, flags: folder.flags, moduleCache: grader.state.moduleCache, toolchain: toolchain,
        spawner: grader.spawner)
      for name in names {
        let shown = folder.path.appending(name).relative
        guard let findings = found[name] ?? nil else {
          breaches.append(Breach(lesson: lesson.number, "\(shown): the compiler could not dump it, so its availability could not be checked"))
          continue
        }
        for finding in findings {
          let version = finding.api.macOS
          breaches.append(Breach(
            lesson: lesson.number,
            "\(shown):\(finding.line): \(finding.api.shown) needs macOS \(version), and Package.swift declares macOS \(AvailabilityRule.deployment): "
              + "put the use inside if #available(macOS \(version), *) or mark what holds it @available(macOS \(version), *)"))
        }
      }
    }
    return breaches
  }
}
