import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// A pretend HTTP server for one test: its own host, its own `URLSession`,
/// the answer you give it, and every request it received.
///
/// ```
/// let server = StubServer()
/// server.respond(status: 200, json: #"[{"id": 1, "title": "Milk", "done": false}]"#)
/// let client = APIClient(baseURL: server.baseURL, transport: server.session)
/// let notes = try await client.notes()
/// let request = try #require(server.requests.first)
/// #expect(request.method == "GET")
/// ```
///
/// `session` is a real `URLSession` whose configuration lists only
/// `StubURLProtocol`, so every request it sends is answered inside the
/// process and none reaches the network.
///
/// Tests run in parallel, and `StubURLProtocol` is found by class, not by
/// instance, so the stubs must live somewhere global. Each server therefore
/// makes up a host nobody else uses (`https://<uuid>.api.example.test`) and
/// registers under it: a request is answered by the server whose host it
/// names, and two tests never see each other's answers or requests.
public final class StubServer: Sendable {
  /// A canned answer: status, headers, body.
  public struct Response: Sendable {
    /// The HTTP status code, such as 200 or 404.
    public var status: Int
    /// The response headers.
    public var headers: [String: String]
    /// The response body.
    public var body: Data

    /// Makes an answer.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
      self.status = status
      self.headers = headers
      self.body = body
    }
  }

  /// The base URL to give the code under test: `https://<uuid>.api.example.test`.
  public let baseURL: URL

  /// A real `URLSession` whose every request this server answers.
  public let session: URLSession

  private let host: String

  // The answer and the requests, written by URLSession's threads and read by
  // the test, so they sit behind a lock.
  private let state = Mutex<(response: Response?, requests: [RecordedRequest])>((nil, []))

  /// Makes a server on a fresh host and registers it.
  public init() {
    host = "\(UUID().uuidString.lowercased()).api.example.test"
    baseURL = URL(string: "https://\(host)")!
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubURLProtocol.self]
    session = URLSession(configuration: configuration)
    Self.registry.withLock { $0[host] = Registration(server: self) }
  }

  deinit {
    Self.registry.withLock { $0[host] = nil }
    session.finishTasksAndInvalidate()
  }

  /// Answers every following request with `response`.
  public func respond(with response: Response) {
    state.withLock { $0.response = response }
  }

  /// Answers every following request with `status` and the JSON text `json`,
  /// labelled `Content-Type: application/json`.
  public func respond(status: Int = 200, json: String) {
    respond(with: Response(
      status: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8)))
  }

  /// Every request received so far, oldest first.
  public var requests: [RecordedRequest] {
    state.withLock { $0.requests }
  }

  /// Records `request` and returns the answer to give, if one was set.
  func receive(_ request: RecordedRequest) -> Response? {
    state.withLock { state in
      state.requests.append(request)
      return state.response
    }
  }

  // MARK: - The registry

  // Weak, so a server that its test has let go of is not kept alive by the
  // registry; `deinit` also removes the entry.
  private struct Registration: Sendable {
    weak var server: StubServer?
  }

  private static let registry = Mutex<[String: Registration]>([:])

  /// The live server registered under `host`, if any.
  static func registered(host: String) -> StubServer? {
    registry.withLock { $0[host]?.server }
  }
}
