/// A count and the noun it counts, in words: the one place a number meets its noun, so that
/// no report says "1 more issues" or "1 of 1 small changes".
///
/// The plural adds "s" to the last word unless given (`breach` → `breaches`); in "part of
/// total", the noun agrees with the total ("0 of 1 task", "1 of 3 bugs").
public enum Count {
  /// `noun` as `count` wants it: singular for exactly 1, plural otherwise ("0 bugs").
  public static func noun(_ noun: String, for count: Int, plural: String? = nil) -> String {
    count == 1 ? noun : plural ?? noun + "s"
  }

  /// `count` and its noun: "1 bug", "3 more failing tests".
  public static func words(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + self.noun(noun, for: count, plural: plural)
  }

  /// `part` of `total` and the noun, agreeing with the total: "1 of 1 small change", "2 of 5 tasks".
  public static func part(_ part: Int, of total: Int, _ noun: String, plural: String? = nil) -> String {
    "\(part) of \(total) " + self.noun(noun, for: total, plural: plural)
  }
}
