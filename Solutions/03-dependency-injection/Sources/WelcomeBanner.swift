/// What the welcome banner needs from the world. The walkthrough's example
/// of a dependency read from a task-local value; no task uses it.
public struct BannerEnvironment: Sendable {
  /// The signed-in user's name, from the account server.
  public var userName: @Sendable () async throws -> String
  /// Records a visit in the app's analytics.
  public var recordVisit: @Sendable (String) -> Void

  /// Makes an environment from its two closures.
  public init(
    userName: @escaping @Sendable () async throws -> String,
    recordVisit: @escaping @Sendable (String) -> Void
  ) {
    self.userName = userName
    self.recordVisit = recordVisit
  }

  /// The real account server and analytics.
  public static let live = BannerEnvironment(
    userName: { "Ada" },  // Stands in for a request to the account server.
    recordVisit: { _ in })  // Stands in for a call to the analytics service.

  /// The environment the banner uses: `.live`, unless the task that calls
  /// it bound another.
  @TaskLocal public static var current = BannerEnvironment.live
}

/// Welcomes a signed-in user by name and records the visit. A guest gets a
/// plain welcome: their name is never asked for, and their visit is never
/// recorded.
public func welcome(signedIn: Bool) async throws -> String {
  let environment = BannerEnvironment.current
  guard signedIn else { return "Welcome!" }
  let name = try await environment.userName()
  environment.recordVisit(name)
  return "Welcome back, \(name)!"
}
