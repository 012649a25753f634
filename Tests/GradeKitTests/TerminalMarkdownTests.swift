import Testing
@testable import GradeKit

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
    #expect(lines[0] == "LIMITS")
    #expect(lines[1] == "──────")
    #expect(lines.contains("  Task            Seconds"))
    #expect(lines.contains("  1               10"))
    #expect(lines.contains("  waitsForEvents  60"))
    #expect(!lines.contains { $0.contains("|") || $0.contains("```") })
    #expect(lines.contains("    #expect(x == 1)"))
    #expect(lines.contains("See the README and bold text."))
  }
}
