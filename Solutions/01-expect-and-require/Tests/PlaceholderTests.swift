import Testing
@testable import ExpectRequire

@Test func placeholder() {}
