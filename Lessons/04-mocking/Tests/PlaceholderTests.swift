import Testing
@testable import Mocking

@Test func placeholder() {}
