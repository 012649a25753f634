import Testing
@testable import GradeKit

@Test func placeholder() {}
