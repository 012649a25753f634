import Testing
@testable import DependencyInjection

@Test func placeholder() {}
