import Testing

extension Tag {
  /// Tests that build and grade real submissions: seconds each, not milliseconds.
  @Tag package static var slow: Self
}
