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
    locator.register((any Networking).self) { network }
    locator.register(MessageClient.self) { MessageClient { _ in } }
    locator.register(SendMessageModel.self) { SendMessageModel(client: messages) }
    return locator
  }
}
