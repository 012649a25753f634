import Testing
@testable import ApproachableConcurrency

// You are testing Converter (Sources/Converter.swift), the model behind a
// currency screen. It is @MainActor, as everything in that module is, but
// this test target keeps Swift's default isolation: say where your tests run.
// Your tests run against the real Converter and against versions with one
// plausible bug each, and every bug must make one of your tests fail.

// TODO: Write a fake RateSource that checks where it is called, then one
// test per promise in the doc comment of convert(_:to:).
@MainActor
@Suite("Converter")
struct ConverterTests {
}
