import Testing
@testable import ExpectRequire

// You are testing UserStore
// (Lessons/01-expect-and-require/Sources/UserStore.swift): it gives each user
// an id no other user has, and `user(id:)` returns an optional. Your tests are
// graded against copies of UserStore that each hide one bug, and against
// correct copies that number their users another way. Good tests catch every
// bug, fail cleanly instead of crashing, and report every wrong field at once.

@Suite("UserStore")
struct UserStoreTests {
  // One test per promise the store makes: an id of its own for each user,
  // finding what you added, and finding nobody for an id it never gave out.

  // The store promises ids that differ, not which numbers they are: a test
  // of `ada.id == 1` fails on a correct store that numbers users another way.
  @Test("Two users get ids of their own")
  func givesEachUserItsOwnID() {
    var store = UserStore()
    let ada = store.add(name: "Ada Lovelace", email: "ada@example.com")
    let grace = store.add(name: "Grace Hopper", email: "grace@example.com")
    #expect(ada.id != grace.id)
  }

  @Test("A user you added is found by id, with every field as you gave it")
  func findsAddedUser() throws {
    var store = UserStore()
    let expectedName = "Ada Lovelace"
    let expectedEmail = "ada@example.com"
    let added = store.add(name: expectedName, email: expectedEmail)

    // `try #require` unwraps the optional or stops this test with a failure;
    // a `!` here would crash every test still running in the process.
    let found = try #require(store.user(id: added.id), "the store finds the user it just added")

    // One `#expect` per field: when two fields are wrong you see both.
    #expect(found.id == added.id && found.name == expectedName && found.email == expectedEmail)
  }

  @Test("Each of two users is found under its own id")
  func findsEachUserByID() throws {
    var store = UserStore()
    let ada = store.add(name: "Ada Lovelace", email: "ada@example.com")
    let grace = store.add(name: "Grace Hopper", email: "grace@example.com")

    let foundAda = try #require(store.user(id: ada.id))
    #expect(foundAda.name == "Ada Lovelace")
    let foundGrace = try #require(store.user(id: grace.id))
    #expect(foundGrace.name == "Grace Hopper")
  }

  @Test("An id the store never gave out finds nobody")
  func unknownIDFindsNobody() {
    var store = UserStore()
    let ada = store.add(name: "Ada Lovelace", email: "ada@example.com")
    // The store gave out one id, Ada's, so any other number is one it never gave out.
    let input = ada.id + 1
    #expect(store.user(id: input) == nil)
  }
}
