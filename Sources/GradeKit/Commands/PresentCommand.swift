import Foundation
import GradeCatalog
import GradeFeedback

/// `grade present LESSON [--step N]`: walking a workshop through a lesson's walkthrough.
struct PresentCommand: GradeCommand {
  /// How usage shows `grade present`, and the options it takes.
  static let usage = CommandUsage(
    name: "present", arguments: "LESSON", summary: "walk through a lesson's walkthrough one section at a time, or print --step N",
    audience: .presenters, options: ["--step", "--plain", "--color"])

  /// The lesson, as named on the command line.
  var name: String
  /// The one step to print (`--step`), from 1; `nil` walks through every step.
  var step: Int?
  /// Whether to show the Markdown as it is written, instead of laid out for a terminal (`--plain`).
  var plain: Bool

  /// Takes exactly one lesson.
  static func parse(_ words: [String], _ parsed: Commands.Parsed) throws(GradeError) -> PresentCommand {
    guard words.count == 1 else { throw .usage("say which lesson: swift run grade present 1 [--step N]") }
    return PresentCommand(name: words[0], step: parsed.step, plain: parsed.plain)
  }

  /// Shows one step, or walks through every step while a terminal answers.
  func run(_ app: App) throws(GradeError) -> Int32 {
    let workbook = try app.loadWorkbook()
    guard let lesson = try app.resolve([name], in: workbook).first else { return App.Exit.error }
    let readme = workbook.starterFolder(of: lesson).appending(path: "README.md")
    guard let text = try? String(contentsOf: readme, encoding: .utf8) else {
      throw .infrastructure("\(WorkbookPath.readme(lesson)) is missing")
    }
    var presentation = Presentation(markdown: text)
    presentation.plain = plain
    let style = app.style(Commands.Options())
    guard !presentation.steps.isEmpty else { throw .infrastructure("the walkthrough has no sections to present") }
    if let step {
      guard step <= presentation.steps.count else {
        throw .usage("lesson \(lesson.number) has steps 1 to \(presentation.steps.count), not \(step)")
      }
      app.write(presentation.render(step: step - 1, lesson: lesson, style: style))
      return App.Exit.passed
    }
    // On a terminal, each screen replaces the last, and a step longer than the screen is
    // shown a screen at a time, so nothing scrolls off a projector.
    let size = app.terminalSize()
    let width = min(size?.columns ?? 100, 100)
    let height = size?.rows ?? Presentation.projectorHeight
    let clear = app.outputIsTerminal ? "\u{1B}[H\u{1B}[2J" : ""
    var index = 0
    var page = 0
    var pages = presentation.pages(step: 0, lesson: lesson, style: style, width: width, height: height)
    func show() {
      pages = presentation.pages(step: index, lesson: lesson, style: style, width: width, height: height)
      page = min(page, pages.count - 1)
      app.write(clear + pages[page])
    }
    show()
    while true {
      app.write(style.dim(page + 1 < pages.count ? Presentation.keysWithMore : Presentation.keys))
      guard let line = app.readLine()?.trimmingCharacters(in: .whitespaces) else {
        // No terminal to answer: print the rest, as a handout, the step on screen included.
        for rest in pages.dropFirst(page + 1) { app.write(rest) }
        for next in (index + 1)..<presentation.steps.count { app.write(presentation.render(step: next, lesson: lesson, style: style, width: width)) }
        return App.Exit.passed
      }
      switch line {
      case "q": return App.Exit.passed
      case "b":
        // Back a screen, or to the start of the step before.
        if page > 0 { page -= 1 } else { index = max(0, index - 1) }
      case "r":
        let result = app.grader(workbook, Commands.Options()).grade(lesson, learnerFolder: workbook.starterFolder(of: lesson))
        app.write(FeedbackRenderer(style: style).lesson(lesson, result))
        continue
      case let command where command.hasPrefix("s"):
        let number = Int(command.dropFirst().trimmingCharacters(in: .whitespaces)) ?? 1
        app.write(try app.solutionDiff(lesson, task: number, workbook: workbook))
        continue
      case let number where Int(number) != nil:
        index = min(max(Int(number)! - 1, 0), presentation.steps.count - 1)
        page = 0
      default:
        if page + 1 < pages.count {
          page += 1
        } else {
          guard index + 1 < presentation.steps.count else {
            app.write("That was the last step.")
            return App.Exit.passed
          }
          index += 1
          page = 0
        }
      }
      show()
    }
  }
}
