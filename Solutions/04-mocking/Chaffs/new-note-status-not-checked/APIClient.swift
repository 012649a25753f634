import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A note as the notes API sends it.
public struct Note: Codable, Hashable, Sendable {
  /// The server's id for the note.
  public var id: Int
  /// What the note says.
  public var title: String
  /// Whether the note is ticked off.
  public var done: Bool

  /// Makes a note.
  public init(id: Int, title: String, done: Bool = false) {
    self.id = id
    self.title = title
    self.done = done
  }
}

/// Why a call to the notes API failed.
public enum APIError: Error, Equatable {
  /// The server answered with a status outside 200...299.
  case badStatus(Int)
  /// The server answered 2xx, but the body was not the JSON expected.
  case undecodable
  /// The answer was not an HTTP response at all.
  case notHTTP
}

/// A small client of the notes API.
///
/// The contract, which your tests in `Lessons/04-mocking/Tests/APIClientTests.swift`
/// pin down:
///
/// - `notes()` sends `GET {baseURL}/v1/notes` and decodes a JSON array of notes.
/// - `createNote(title:)` sends `POST {baseURL}/v1/notes` with the header
///   `Content-Type: application/json` and the JSON body `{"title": "..."}`,
///   and decodes the created note from the answer. The body is that JSON
///   object; its spacing and layout are not promised.
/// - Any status outside 200...299 throws `APIError.badStatus(status)`.
/// - A 2xx answer whose body does not decode throws `APIError.undecodable`.
public struct APIClient: Sendable {
  /// Where the API lives, such as `https://api.example.test`.
  public let baseURL: URL
  private let transport: any HTTPTransport

  /// Makes a client of the API at `baseURL`, sending through `transport`
  /// (a `URLSession` in the app). There is deliberately no default session,
  /// so no test reaches the real network by forgetting to pass one.
  public init(baseURL: URL, transport: any HTTPTransport) {
    self.baseURL = baseURL
    self.transport = transport
  }

  /// Every note on the server.
  public func notes() async throws -> [Note] {
    let request = URLRequest(url: baseURL.appending(path: "v1/notes"))
    let data = try await send(request)
    return try decode([Note].self, from: data)
  }

  /// Creates a note titled `title` and returns it as the server saved it.
  public func createNote(title: String) async throws -> Note {
    var request = URLRequest(url: baseURL.appending(path: "v1/notes"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONEncoder().encode(["title": title])
    let (data, _) = try await transport.data(for: request)
    return try decode(Note.self, from: data)
  }

  /// Sends `request` and returns the body of a 2xx answer.
  private func send(_ request: URLRequest) async throws -> Data {
    let (data, response) = try await transport.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw APIError.notHTTP }
    guard (200...299).contains(http.statusCode) else {
      throw APIError.badStatus(http.statusCode)
    }
    return data
  }

  /// Decodes `data`, turning any decoding failure into `APIError.undecodable`.
  private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch {
      throw APIError.undecodable
    }
  }
}
