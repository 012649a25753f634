import Foundation
import GradeCatalog
import GradePolicy
import GradeProcesses
import GradeResults

extension Workspace {
  /// Compiles every part that has sources: the module and its canonical tests in
  /// one chain, each write-tests task in another, the chains side by side.
  ///
  /// - Parameter variantsOnly: Tasks whose variants alone are built, not the learner's tests:
  ///   a preparation builds those of tasks still as handed out, whose tests the learner will change.
  public func build(tasks: [Int], variantsOnly: Set<Int> = []) -> Built {
    let chains: [[Part]] = [[.module, .canonicalTests, .misuses]] + tasks.map { [.task($0)] }
    let results = Locked(Built(plan: plan))
    SideBySide.run(chains.count, width: SideBySide.cores + 1) { index in
      var local = Built()
      for part in chains[index] {
        if part == .canonicalTests, !local.usable(.module) { continue }
        pause()
        build(part, into: &local, variantsOnly: variantsOnly)
      }
      results.update { built in
        built.errors.merge(local.errors) { $1 }
        built.failures.merge(local.failures) { $1 }
        built.variantFolders.merge(local.variantFolders) { $1 }
        built.moduleFolder = built.moduleFolder ?? local.moduleFolder
        built.swift6Diagnostics += local.swift6Diagnostics
        built.misuseMessages.merge(local.misuseMessages) { $1 }
        built.testLibraries.merge(local.testLibraries) { $1 }
        built.runnerFolder = built.runnerFolder ?? local.runnerFolder
        built.warnings.merge(local.warnings) { $1 }
        built.surveys.merge(local.surveys) { $1 }
        built.substitutes.formUnion(local.substitutes)
        built.moduleResult = built.moduleResult ?? local.moduleResult
      }
    }
    return results.value
  }

  private func build(_ part: Part, into built: inout Built, variantsOnly: Set<Int> = []) {
    let started = ContinuousClock.now
    defer { trace("  built \(part.folderName)", since: started) }
    let sources = sources(of: part)
    let lesson = plan.lesson
    let names = sources.files.keys.sorted()
    let result: Compiler.Result
    switch part {
    case .module:
      guard !names.isEmpty else { return }
      buildModule(names: names, into: &built)
      return
    case .canonicalTests:
      guard !plan.canonicalTests.files.isEmpty, let moduleFolder = built.moduleFolder else { return }
      let runner = compiler.program(module: nil, sourceFolder: nil, names: [])
      guard runner.succeeded else {
        built.failures[part] = .entryPointDoesNotCompile(output: String(runner.output.suffix(800)))
        return
      }
      built.runnerFolder = runner.folder
      result = compiler.tests(
        module: lesson.testModule, sourceFolder: sourceFolder(part), names: names, libraryModule: lesson.module,
        libraryFolder: moduleFolder, linksLibrary: true)
      built.testLibraries[part] = result.folder
    case .misuses:
      // A misuse is compiled, never run, so it is checked against the module as the learner wrote it.
      guard let moduleFolder = built.ownModuleFolder ?? built.moduleFolder else { return }
      for name in names {
        let checked = compiler.typeCheck(name, in: sourceFolder(part), against: moduleFolder, module: lesson.module, into: buildFolder(part))
        built.misuseMessages[name] = checked.succeeded || !checked.messages.isEmpty ? checked.messages : nil
      }
      return
    case .task(let number):
      var folders: [VariantID: URL] = [:]
      // A task's mutants share one program, so each distinct set of sources is one build.
      var distinct: [WorkspacePlan.Sources] = []
      for variant in plan.variants[number] ?? [] where variant.prebuilt == nil && !distinct.contains(variant.sources) {
        distinct.append(variant.sources)
      }
      let fresh = distinct.filter { !VariantBuild.isBuilt($0, module: lesson.module, state: state, compiler: compiler) }
      if !fresh.isEmpty {
        let versions = fresh.count == 1 ? "1 version of the code (once; later gradings reuse it)"
          : "\(fresh.count) versions of the code, correct and buggy (once; later gradings reuse them)"
        progress("  lesson \(lesson.number), task \(number): compiling \(versions)")
      }
      let solution = plan.variants[number]?.first { $0.id == .solution(of: number) && $0.prebuilt == nil }
      for variant in plan.variants[number] ?? [] {
        if let prebuilt = variant.prebuilt {
          folders[variant.id] = prebuilt
          continue
        }
        pause()
        // A chaff, a wheat or the mutants' program differs from the solution in a file or two,
        // so it is built from the solution's objects, compiling only those files again; the
        // solution's own program is linked from those objects too, so all are laid out alike.
        let base = solution?.sources
        switch VariantBuild.build(variant.sources, base: base, module: lesson.module, state: state, compiler: compiler) {
        case .success(let folder): folders[variant.id] = folder
        case .failure(let error):
          built.failures[part] = .error(error.message)
          return
        }
      }
      built.variantFolders.merge(folders) { $1 }
      guard let wheat = folders[.solution(of: number)], !variantsOnly.contains(number) else { return }
      // The learner's tests are surveyed beside their compile, against the same interface, on
      // threads of their own: within the chains', Dispatch's pool ran the two one after the
      // other, and the compile waited 0.15 s for the survey.
      let findings = Locked(SourceSurvey.Findings())
      let compiled = Locked<Compiler.Result?>(nil)
      SideBySide.run(2, width: 2) { index in
        if index == 0 {
          findings.update { $0 = survey(part, typeCheck: names, interface: wheat) }
        } else {
          let tests = compiler.tests(
            module: lesson.learnerTestModule, sourceFolder: sourceFolder(part), names: names, libraryModule: lesson.module,
            libraryFolder: wheat, linksLibrary: false, strictMemorySafety: true)
          compiled.update { $0 = tests }
        }
      }
      result = compiled.value!
      built.testLibraries[part] = result.folder
      built.warnings[part] = Diagnostic.errors(in: result.messages, shownAs: sources.shownAs, warnings: true).filter(\.isWarning)
      var found = findings.value
      let owned = ownedFiles(of: part)
      if result.succeeded, let library = built.testsLibrary(part), let first = owned.first {
        found.refusals += MachineCodeRules.refusals(
          in: library, shownAs: first.shownAs, threadSanitizer: compiler.threadSanitizer, toolchain: box.isolation.toolchain,
          spawner: compiler.spawner, cache: state.runtimeFunctions)
      }
      built.surveys[part] = SourceSurvey.Findings(refusals: SourceSurvey.unique(found.refusals), unread: found.unread, traits: found.traits)
    }
    if result.timedOut {
      built.failures[part] = .compilerTimedOut(after: compiler.timeout)
    } else if !result.succeeded {
      let errors = Diagnostic.errors(in: result.messages, shownAs: sources.shownAs)
      if errors.isEmpty {
        built.failures[part] = .compilerFailedSilently(output: String(result.output.suffix(1500)))
      } else {
        built.errors[part] = errors
      }
    }
  }

  /// The learner's owned files of a part, by name, each with the rules of the task that owns it.
  func ownedFiles(of part: Part) -> [SourceSurvey.File] {
    let sources = sources(of: part)
    let lesson = plan.lesson
    return lesson.tasks.flatMap { task -> [SourceSurvey.File] in
      if case .task(let number) = part, number != task.number { return [] }
      let prefix = (part == .module ? Lesson.sourcesFolder : Lesson.testsFolder) + "/"
      return task.files.filter { $0.hasPrefix(prefix) }.compactMap { file in
        let name = String(file.dropFirst(prefix.count))
        guard sources.files[name] != nil, let shown = sources.shownAs[name] else { return nil }
        return SourceSurvey.File(name: name, shownAs: shown, rules: CodeRules.of(task, in: lesson, file: file))
      }
    }
  }

  /// Surveys a part's learner files against their rules, from the compiler's view of them.
  func survey(_ part: Part, typeCheck: [String], interface: URL? = nil) -> SourceSurvey.Findings {
    let files = ownedFiles(of: part)
    guard !files.isEmpty else { return SourceSurvey.Findings() }
    let survey = SourceSurvey(spawner: compiler.spawner, moduleCache: compiler.moduleCache)
    let module = part == .module ? plan.lesson.module : plan.lesson.learnerTestModule
    return survey.survey(
      files, in: sourceFolder(part), module: module, lessonModule: plan.lesson.module, tests: part != .module,
      typeCheck: typeCheck + (interface.map { ["-I", $0.path] } ?? []))
  }

  /// The learner's module of a lesson whose tasks the compiler grades, compiled in Swift 6 mode;
  /// when that fails, in Swift 5 mode, where concurrency errors are warnings, so that the
  /// lesson's other tasks still run, with the Swift 6 errors among its messages.
  ///
  /// After a grading whose Swift 6 compile of `folder` failed (the file `marker` says so, in the
  /// build folder), the two compile side by side: a learner still at those errors waits for one
  /// compile, not two in turn (lesson 10's code edit took 0.35 s less). A first grading, a
  /// class's or `grade check`'s, compiles Swift 5 only when it must.
  private func libraryGradingConcurrency(names: [String], in folder: URL, strictMemorySafety: Bool, marker: URL) -> Compiler.Result {
    let module = plan.lesson.module
    let manager = FileManager.default
    let compiled = Locked([Int: Compiler.Result]())
    let versions = manager.fileExists(atPath: marker.path) ? [6, 5] : [6]
    SideBySide.run(versions.count, width: versions.count) { index in
      let result = compiler.library(
        module: module, sourceFolder: folder, names: names, swiftVersion: versions[index], strictMemorySafety: strictMemorySafety)
      compiled.update { $0[versions[index]] = result }
    }
    let swift6 = compiled.value[6]!
    if swift6.succeeded {
      try? manager.removeItem(at: marker)
      return swift6
    }
    try? manager.createDirectory(at: marker.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data().write(to: marker)
    var result = compiled.value[5]
      ?? compiler.library(module: module, sourceFolder: folder, names: names, swiftVersion: 5, strictMemorySafety: strictMemorySafety)
    result.messages = swift6.messages + result.messages.filter { $0.severity != .error }
    result.swift6Failed = true
    return result
  }

  /// Builds the learner's module, surveying their files beside the compile; then, when some
  /// of their files do not compile or are refused, builds it again with those files as
  /// handed out, so the lesson's other tasks are graded on what their own files do.
  private func buildModule(names: [String], into built: inout Built) {
    let lesson = plan.lesson
    let folder = sourceFolder(.module)
    let work: Compiler.Result = {
      let findings = Locked(SourceSurvey.Findings())
      let compiled = Locked<Compiler.Result?>(nil)
      SideBySide.run(2, width: 2) { index in
        if index == 0 {
          findings.update { $0 = survey(.module, typeCheck: names) }
        } else {
          let result = plan.gradesConcurrency
            ? libraryGradingConcurrency(
              names: names, in: folder, strictMemorySafety: true, marker: buildFolder(.module).appending(path: "swift6-failed"))
            : compiler.library(
              module: lesson.module, sourceFolder: folder, names: names, incremental: buildFolder(.module).appending(path: "incremental"),
              strictMemorySafety: true)
          compiled.update { $0 = result }
        }
      }
      built.surveys[.module] = findings.value
      return compiled.value!
    }()
    let shown = sources(of: .module).shownAs
    if plan.gradesConcurrency {
      built.swift6Diagnostics = Diagnostic.errors(in: work.messages, shownAs: shown, warnings: true)
    }
    built.warnings[.module] = Diagnostic.errors(in: work.messages, shownAs: shown, warnings: true).filter(\.isWarning)
    var findings = built.surveys[.module] ?? SourceSurvey.Findings()
    let owned = ownedFiles(of: .module)
    findings.refusals += SourceSurvey.inheritedPromises(in: built.warnings[.module] ?? [], owned: owned)
    var library = work
    // The built library is one object: its refusals are put on the first file of a task this
    // build grades (a ThreadSanitizer build grades the tasks marked for it).
    let graded = compiler.threadSanitizer
      ? Set(lesson.tasks.filter(\.threadSanitizer).flatMap(\.files).map { WorkbookPath.lesson(lesson).appending($0).relative }) : nil
    if work.succeeded, let folder = work.folder, let first = owned.first(where: { graded?.contains($0.shownAs) ?? true }) ?? owned.first {
      findings.refusals += MachineCodeRules.refusals(
        in: folder.appending(path: Compiler.libraryName(lesson.module)), shownAs: first.shownAs,
        threadSanitizer: compiler.threadSanitizer, toolchain: box.isolation.toolchain, spawner: compiler.spawner,
        cache: state.runtimeFunctions)
    }
    built.surveys[.module] = SourceSurvey.Findings(refusals: SourceSurvey.unique(findings.refusals), unread: findings.unread, traits: findings.traits)
    built.moduleResult = work

    // Which of the learner's files cannot stay: refused, unread, or holding the compile's errors.
    let blocked = Set(findings.refusals.filter(\.blocksRunning).map(\.path) + findings.unread)
    var failing = blocked
    if !work.succeeded {
      let errors = Diagnostic.errors(in: work.messages, shownAs: shown)
      let ownedPaths = Set(owned.map(\.shownAs))
      let inOwned = Set(errors.compactMap(\.path).filter { ownedPaths.contains($0) })
      // An error only in the workbook's own files follows from something the learner changed; which is unknown.
      failing.formUnion(inOwned.isEmpty ? ownedPaths : inOwned)
    }
    let replaced = owned.filter { failing.contains($0.shownAs) }
    if !replaced.isEmpty {
      // The same module with those files as handed out: the other tasks are graded with it.
      let fallback = buildFolder(.module).appending(path: "handed-out")
      var files = sources(of: .module).files
      var swapped: [String] = []
      for file in replaced {
        guard let data = plan.handedOutVersion(of: "\(Lesson.sourcesFolder)/\(file.name)", spawner: compiler.spawner) else { continue }
        files[file.name] = data
        swapped.append(file.name)
      }
      if !swapped.isEmpty, (try? FileSync.sync(files, into: fallback)) != nil {
        let again = plan.gradesConcurrency
          ? libraryGradingConcurrency(
            names: files.keys.sorted(), in: fallback, strictMemorySafety: false,
            marker: buildFolder(.module).appending(path: "handed-out.swift6-failed"))
          : compiler.library(module: lesson.module, sourceFolder: fallback, names: files.keys.sorted(), strictMemorySafety: false)
        if again.succeeded {
          library = again
          built.substitutes = Set(swapped)
        }
      }
    } else if !work.succeeded {
      library = work
    }
    built.moduleFolder = library.succeeded ? library.folder : nil
    // Code the rules refuse is never run: without a handed-out copy to stand in, no task runs.
    let substitutedPaths = Set(owned.filter { built.substitutes.contains($0.name) }.map(\.shownAs))
    if !blocked.isSubset(of: substitutedPaths) { built.moduleFolder = nil }
    if !work.succeeded || !built.substitutes.isEmpty {
      // The learner's own compile's errors stay the module's errors: they are shown under their task.
      let errors = Diagnostic.errors(in: work.messages, shownAs: shown)
      if !errors.isEmpty { built.errors[.module] = errors }
      if errors.isEmpty, !work.succeeded, !work.timedOut {
        built.failures[.module] = .compilerFailedSilently(output: String(work.output.suffix(1500)))
      }
    }
    if work.timedOut { built.failures[.module] = .compilerTimedOut(after: compiler.timeout) }
  }
}
