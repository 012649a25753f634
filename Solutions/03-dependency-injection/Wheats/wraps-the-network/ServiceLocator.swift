import Foundation
import Synchronization

/// A registry that hands out a service by its type: a service locator.
///
/// Code asks it for what it needs, `locator.resolve(MessageClient.self)`, at
/// the moment it needs it. The compiler cannot tell whether a type was ever
/// registered, so a missing registration shows only when something asks.
@MainActor
public final class ServiceLocator {
  /// How to make each registered service, by its type.
  private var factories: [ObjectIdentifier: () -> Any] = [:]

  /// Makes an empty locator.
  public init() {}

  /// Registers `make` as the way to make a `Service`, replacing any earlier
  /// registration for that type.
  public func register<Service>(_ type: Service.Type, make: @escaping () -> Service) {
    factories[ObjectIdentifier(type)] = make
  }

  /// Returns what the factory registered for `type` makes, or `nil` when
  /// nothing is registered for it.
  public func resolve<Service>(_ type: Service.Type) -> Service? {
    factories[ObjectIdentifier(type)]?() as? Service
  }

  /// The registrations the app makes at launch, from the dependencies it is
  /// handed:
  ///
  /// - `(any Networking).self` resolves to a client that fetches through
  ///   `network`: what it fetches is what `network` returns or throws.
  /// - `MessageClient.self` resolves to a client that sends through
  ///   `messages`.
  /// - `SendMessageModel.self` resolves to a new send-message model each
  ///   time, with an empty draft, that sends through `messages`: two screens
  ///   never share one.
  public static func app(network: any Networking, messages: MessageClient) -> ServiceLocator {
    let locator = ServiceLocator()
    // Hands out a wrapper that counts requests: a client that fetches
    // through `network`, which is all the doc comment promises.
    locator.register((any Networking).self) { CountingNetwork(wrapping: network) }
    locator.register(MessageClient.self) { messages }
    locator.register(SendMessageModel.self) { SendMessageModel(client: messages) }
    return locator
  }
}

/// A client that counts the requests it passes on to another.
private final class CountingNetwork: Networking {
  /// The client that does the fetching.
  private let wrapped: any Networking
  /// How many requests went through, so far.
  private let count = Mutex(0)

  /// Makes a client that fetches through `wrapped`.
  init(wrapping wrapped: any Networking) {
    self.wrapped = wrapped
  }

  func data(from url: URL) async throws -> Data {
    count.withLock { $0 += 1 }
    return try await wrapped.data(from: url)
  }
}
