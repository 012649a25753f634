import Synchronization
import Testing
@testable import ActorsAndRaces

/// Grades task 2: `PriceCache` fetches each product once, even when a second
/// caller asks while the first fetch is still waiting for the server.
@Suite("PriceCache")
struct PriceCacheTests {
  /// A fake server that counts its fetches and makes each one wait at `gate`.
  final class Server: Sendable {
    let gate = Gate()
    private let fetched = Mutex<[String]>([])

    /// The products asked for, in order.
    var fetches: [String] { fetched.withLock { $0 } }

    /// The fetch to give the cache: records the product, waits at the gate,
    /// and answers 250 cents for every product.
    func fetch(_ product: String) async -> Int {
      fetched.withLock { $0.append(product) }
      await gate.wait()
      return 250
    }
  }

  /// Starts `price(of:)` on the cache's own executor and returns once that
  /// call is suspended, so the test knows it is inside the cache.
  ///
  /// The `isolated` parameter runs this function on the cache, and
  /// `Task.immediate` runs its body right here, up to its first `await`.
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  func startAsking(_ cache: isolated PriceCache, for product: String) -> Task<Int, Never> {
    Task.immediate { await cache.price(of: product) }
  }

  @Test("A price asked for twice in a row is fetched once")
  func secondAskIsServedFromTheCache() async {
    let server = Server()
    server.gate.open()
    let cache = PriceCache(fetch: server.fetch)

    #expect(await cache.price(of: "mug") == 250)
    #expect(await cache.price(of: "mug") == 250)
    #expect(server.fetches == ["mug"])
  }

  @Test("Different products are fetched separately")
  func differentProductsAreFetchedSeparately() async {
    let server = Server()
    server.gate.open()
    let cache = PriceCache(fetch: server.fetch)

    _ = await cache.price(of: "mug")
    _ = await cache.price(of: "tea")

    #expect(server.fetches == ["mug", "tea"])
  }

  @Test("A caller who asks while the fetch is running waits for it instead of fetching again")
  @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
  func concurrentCallersShareOneFetch() async {
    let server = Server()
    let cache = PriceCache(fetch: server.fetch)

    let first = Task { await cache.price(of: "mug") }
    await server.gate.arrivals(1)  // the first fetch is waiting for the server
    let second = await startAsking(cache, for: "mug")
    server.gate.open()

    #expect(await first.value == 250)
    #expect(await second.value == 250)
    #expect(server.fetches == ["mug"], "a second caller started its own fetch")
  }
}
