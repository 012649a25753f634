import Foundation
#if canImport(FoundationNetworking)
// On Linux, `URLSession` lives in FoundationNetworking rather than Foundation.
import FoundationNetworking
#endif

/// Something that fetches the bytes at a URL.
///
/// Code that needs the network asks for `any Networking` instead of building
/// a client itself, so a test can hand it a fake that never leaves the process.
public protocol Networking: Sendable {
  /// Returns the body of the response for `url`, or throws.
  func data(from url: URL) async throws -> Data
}

/// The client the app uses: a thin wrapper over `URLSession`.
///
/// No test in this workbook creates one; the tests hand the code a fake.
public struct LiveNetworkClient: Networking {
  /// Creates a client that uses the shared `URLSession`.
  public init() {}

  public func data(from url: URL) async throws -> Data {
    let (data, _) = try await URLSession.shared.data(from: url)
    return data
  }
}
