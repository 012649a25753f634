import Testing
@testable import ParameterizedTesting

@Test func placeholder() {}
