
/// Text as a Markdown code block whose fence is longer than any run of backticks in it, so
/// nothing a test prints can close the block and be read as Markdown.
package func markdownCodeBlock(_ text: String, language: String = "text") -> String {
  var longest = 0
  var run = 0
  for character in text {
    run = character == "`" ? run + 1 : 0
    longest = max(longest, run)
  }
  let fence = String(repeating: "`", count: max(3, longest + 1))
  return "\(fence)\(language)\n\(text)\n\(fence)"
}
