import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one slice of `URLSession` that `APIClient` uses: send a request, get
/// the body and the response back.
///
/// `URLSession` has dozens of methods and you cannot subclass your way
/// around its networking safely. Naming only what you call gives you a seam:
/// the app passes a real `URLSession`, a test may pass any small type that
/// conforms. The signature matches `URLSession`'s own, so the conformance
/// below is one line of forwarding.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response body and the response.
  func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

extension URLSession: HTTPTransport {
  // URLSession's own method is `data(for:delegate:)` with a default argument,
  // and a default argument does not satisfy a protocol requirement, so this
  // forwards to it explicitly.
  public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    try await data(for: request, delegate: nil)
  }
}
