import Foundation
import GraphQLAPI
import GraphQLWire
import LaunchBackend
import RocketClient
import Synchronization
import TestSupport

/// A transport in front of the real backend served over HTTP that counts the requests it sends
/// and can play a server that is down (connection refused).
final class SwitchableTransport: NetworkTransport {
  let inner: HTTPTransport
  let endpoint: URL
  private let state = Mutex((down: false, sent: 0))

  init(endpoint: URL) {
    self.endpoint = endpoint
    inner = HTTPTransport(endpoint: endpoint, client: HTTPClient(timeout: .seconds(10)))
  }

  var sent: Int { state.withLock { $0.sent } }
  var isDown: Bool {
    get { state.withLock { $0.down } }
    set { state.withLock { $0.down = newValue } }
  }

  func send(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    let down = state.withLock { state in
      if !state.down { state.sent += 1 }
      return state.down
    }
    if down { throw RocketClientError.transport(.connectionRefused(endpoint: endpoint)) }
    return try await inner.send(request)
  }
}

/// A client with a normalized cache in a temporary folder, talking to the real backend over
/// HTTP through a ``SwitchableTransport``; the cache's clock can be moved.
struct CacheHarness {
  let temporary: TemporaryDirectory
  let server: BackendHTTPServer
  let transport: SwitchableTransport
  let store: MemoryCredentialStore
  /// The SQLite store: under the cache unless the harness was made for another store.
  let file: SQLiteNormalizedCache
  let cache: CacheStore
  let client: RocketClient
  let clock: Clock
  let warnings: Warnings

  final class Clock: Sendable {
    private let seconds = Mutex<Int64>(1_800_000_000)
    var now: Int64 { seconds.withLock { $0 } }
    func advance(_ delta: Int64) { seconds.withLock { $0 += delta } }
  }

  final class Warnings: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func add(_ line: String) { lines.withLock { $0.append(line) } }
  }

  init(
    limits: CacheLimits = CacheLimits(), temporary: TemporaryDirectory? = nil,
    kind: StoreKind = .sqlite
  ) throws {
    let temporary = try temporary ?? TemporaryDirectory(prefix: "rocket-cache")
    self.temporary = temporary
    let backend = try LaunchBackend(databasePath: temporary.child("backend.sqlite"))
    server = try BackendHTTPServer(backend: backend, observe: nil)
    transport = SwitchableTransport(endpoint: server.endpoint)
    store = MemoryCredentialStore()
    let clock = Clock()
    self.clock = clock
    let warnings = Warnings()
    self.warnings = warnings
    file = SQLiteNormalizedCache(path: temporary.child("cache/rocket-reserver/cache.sqlite"), limits: limits)
    {
      clock.now
    } warn: {
      warnings.add($0)
    }
    switch kind {
    case .sqlite: cache = CacheStore(file) { clock.now }
    case .inMemory: cache = CacheStore(InMemoryNormalizedCache { clock.now }) { clock.now }
    }
    client = RocketClient(
      transport: transport, credentials: store, endpointKey: server.endpoint.absoluteString, cache: cache)
  }

  var cacheFile: String { file.path }
}

/// The stores a harness can put under its cache.
typealias StoreKind = NormalizedCacheBehaviourTests.Store
