import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Mocking

// You test `APIClient` (Lessons/04-mocking/Sources/APIClient.swift) through a
// real URLSession whose network is replaced by `StubServer`. Each test gets its
// own server on its own made-up host, so tests running in parallel never share
// answers.

@Suite("APIClient")
struct APIClientTests {
  let server = StubServer()

  var client: APIClient { APIClient(baseURL: server.baseURL, transport: server.session) }

  @Test("notes() sends GET /v1/notes and decodes the list")
  func listsNotes() async throws {
    server.respond(json: #"[{"id": 1, "title": "Milk", "done": false}, {"id": 2, "title": "Eggs", "done": true}]"#)
    let expected = [Note(id: 1, title: "Milk"), Note(id: 2, title: "Eggs", done: true)]

    let notes = try await client.notes()

    #expect(notes == expected)
    let request = try #require(server.requests.first)
    #expect(request.method == "GET")
    #expect(request.url.path() == "/v1/notes")
  }

  // TODO: Add tests that pin down the rest of APIClient's contract: what
  // createNote(title:) sends (path, method, Content-Type, JSON body), error
  // statuses, and a 2xx answer whose body does not decode.
}
