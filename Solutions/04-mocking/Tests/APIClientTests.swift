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

  // The starter's test.
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

  // One test checks every part of the request, so a wrong path, method,
  // header or body each makes it fail with its own message.
  @Test("createNote(title:) POSTs the title as JSON to /v1/notes")
  func createsNote() async throws {
    server.respond(status: 201, json: #"{"id": 7, "title": "Milk", "done": false}"#)

    let note = try await client.createNote(title: "Milk")

    #expect(note == Note(id: 7, title: "Milk"))
    #expect(server.requests.count == 1)
    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.url.path() == "/v1/notes")
    #expect(request.header("Content-Type") == "application/json")
    let body = try #require(request.body, "The request has no body")
    let sent = try JSONDecoder().decode([String: String].self, from: body)
    #expect(sent == ["title": "Milk"])
  }

  // The edges of the range: its first and last status succeed, and the
  // nearest on either side (below) fail.
  @Test("A status from 200 to 299 returns what the server sent", arguments: [200, 204, 299])
  func goodStatus(status: Int) async throws {
    server.respond(status: status, json: "[]")

    let notes = try await client.notes()
    #expect(notes.isEmpty)
  }

  // Check the exact error: a client that ignores the status would still
  // throw here (the error body is not a list of notes), but not badStatus.
  @Test("A status outside 200...299 throws APIError.badStatus", arguments: [199, 300, 400, 404, 500, 503])
  func badStatus(status: Int) async {
    server.respond(status: status, json: #"{"error": "nope"}"#)

    await #expect(throws: APIError.badStatus(status)) {
      try await client.notes()
    }
  }

  @Test("An error status from createNote(title:) throws too")
  func createNoteBadStatus() async {
    server.respond(status: 422, json: #"{"error": "title is empty"}"#)

    await #expect(throws: APIError.badStatus(422)) {
      try await client.createNote(title: "")
    }
  }

  @Test("A 200 whose body is not a list of notes throws APIError.undecodable")
  func undecodableList() async {
    server.respond(json: #"{"notes": "not a list"}"#)

    await #expect(throws: APIError.undecodable) {
      try await client.notes()
    }
  }
}
