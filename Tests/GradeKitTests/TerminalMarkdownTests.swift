@testable import GradeCatalog
@testable import GradeFeedback
@testable import GradeKit
import GradeTestSupport
import Testing

@Suite("Markdown laid out for a terminal")
struct TerminalMarkdownTests {
  @Test("Headings are set off, tables aligned without pipes, code shown without fences, inline marks removed")
  func layout() {
    let markdown = """
      ## Limits

      | Task | Seconds |
      |---|---:|
      | 1 | 10 |
      | `waitsForEvents` | 60 |

      ```swift
      #expect(x == 1)
      ```
      See [the README](README.md) and **bold** text.
      """
    let lines = TerminalMarkdown.render(markdown, style: Style(colored: false)).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "Limits")
    #expect(lines[1] == "──────")
    #expect(lines.contains("  Task            Seconds"))
    #expect(lines.contains("  1               10"))
    #expect(lines.contains("  waitsForEvents  60"))
    #expect(!lines.contains { $0.contains("|") || $0.contains("```") })
    #expect(lines.contains("    #expect(x == 1)"))
    #expect(lines.contains("See the README and bold text."))
  }

  @Test("A heading that holds code keeps its text and colour codes whole on a terminal")
  func headingWithCode() {
    let rendered = TerminalMarkdown.render("## Waiting with `confirmation`", style: Style(colored: true))
    let lines = rendered.split(separator: "\n").map(String.init)
    #expect(lines[0] == "\u{1B}[1mWaiting with confirmation\u{1B}[0m")
    #expect(lines[1] == "\u{1B}[2m" + String(repeating: "─", count: 25) + "\u{1B}[0m")
    let presentation = Presentation(markdown: "## Waiting with `confirmation`\n\nIt *throws*.")
    #expect(presentation.render(step: 0, lesson: SampleLesson.lesson, style: Style(colored: false)).hasPrefix("Lesson 1 · step 1 of 1 · Waiting with confirmation\n"))
    #expect(presentation.render(step: 0, lesson: SampleLesson.lesson, style: Style(colored: false)).hasSuffix("\nIt throws.\n"))
  }

  @Test("A paragraph is joined before its code spans are read, then wrapped with its colour carried over")
  func wrappedCode() {
    let markdown = """
      Call `withCheckedContinuation
      { continuation in ... }` once, and the test waits.
      - a list item that runs on
        over two lines
      """
    let plain = TerminalMarkdown.render(markdown, style: Style(colored: false), width: 40)
    #expect(plain == """
      Call withCheckedContinuation {
      continuation in ... } once, and the test
      waits.
      - a list item that runs on over two
        lines
      """)
    let colored = TerminalMarkdown.render(markdown, style: Style(colored: true), width: 40).split(separator: "\n").map(String.init)
    // The span that breaks is closed at the line's end and opened again on the next.
    #expect(colored[0] == "Call \u{1B}[1mwithCheckedContinuation {\u{1B}[0m")
    #expect(colored[1] == "\u{1B}[1mcontinuation in ... }\u{1B}[0m once, and the test")
    #expect(colored.allSatisfy { TerminalMarkdown.visibleWidth($0) <= 40 })
  }

  @Test("A long step is paged to fit the screen, each page with its header, cut at a blank line")
  func paging() throws {
    let paragraphs = (1...30).map { "Paragraph \($0) line one.\nIt goes on." }.joined(separator: "\n\n")
    let presentation = Presentation(markdown: "# Title\n\n## Long\n\n" + paragraphs)
    let lesson = SampleLesson.lesson
    let pages = presentation.pages(step: 1, lesson: lesson, style: Style(colored: false), width: 100, height: 40)
    // 62 lines: a heading, its rule, a blank line, then 30 paragraphs with blank lines between.
    #expect(pages.count == 2)
    for (number, page) in pages.enumerated() {
      let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count <= 36)
      #expect(lines[0] == "Lesson 1 · step 2 of 2 · page \(number + 1) of 2 · Long")
      #expect(lines.last != "", "a page ends at text, not at a blank line")
    }
    #expect(pages[0].hasSuffix("\nParagraph 16 line one. It goes on."), "the first page ends at a paragraph's end")
    #expect(pages[1].contains("Long\n\nParagraph 17 line one. It goes on."), "the second page starts at a paragraph")
    #expect(presentation.pages(step: 1, lesson: lesson, style: Style(colored: false), height: 200).count == 1)
  }
}
