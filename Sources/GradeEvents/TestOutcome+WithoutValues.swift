extension TestOutcome {
  /// The test with nothing it computed: its name and where it is declared, and no issue's
  /// message, comment, location or case.
  ///
  /// Where grades count, a test that fails on a correct version other than the solution
  /// (another wheat, a timing wheat) is shown this way, so that it shows no more than it
  /// would against the solution. A value a test computes there may differ from the
  /// solution's in ways no behaviour explains (an address, a size), and feedback that showed
  /// it would tell one correct version from another; which of its expectations failed, or
  /// which case, would too, so one line at the test's declaration stands for all of them.
  public var withoutValues: TestOutcome {
    var test = self
    test.caseNames = []
    test.issues = failures.isEmpty ? [] : [IssueReport(message: "", fileID: fileID, line: line)]
    test.valuesWithheld = true
    return test
  }
}
