import LaunchBackend
import RocketClient
import Synchronization

/// The in-process transport to the embedded backend, built at the first request, over a
/// database opened only when a request needs it (a catalog read such as `launches` does not).
final class LazyBackendTransport: NetworkTransport {
  /// The SQLite file the backend opens.
  let databasePath: String
  private let store: DeferredBookingStore
  private let backend = Mutex<LaunchBackend?>(nil)

  /// - Parameter databasePath: the database file; its directory is created (0700) when missing.
  init(databasePath: String) {
    self.databasePath = databasePath
    // One connection: a shell, one-shot commands and `serve` may share the file.
    store = DeferredBookingStore { try SQLiteBookingStore(path: databasePath, sharingOneConnection: true) }
  }

  /// The backend, built now if this is the first use; its database opens when a request needs it.
  /// - Throws: ``RocketClientError/backendFailed(message:)`` when the backend cannot be built.
  func openBackend() throws(RocketClientError) -> LaunchBackend {
    do {
      return try backend.withLock { backend in
        if let backend { return backend }
        let built = try LaunchBackend(store: store)
        backend = built
        return built
      }
    } catch {
      throw RocketClientError.backendFailed(message: "\(error)")
    }
  }

  /// The backend with its database open, for subscriptions.
  /// - Throws: ``RocketClientError/backendFailed(message:)`` when the database cannot be opened.
  func openDatabase() throws(RocketClientError) -> LaunchBackend {
    let backend = try openBackend()
    do {
      _ = try store.opened()
    } catch {
      throw RocketClientError.backendFailed(message: "\(error)")
    }
    return backend
  }

  /// Closes the database if it was opened.
  func close() {
    store.close()
  }

  func send(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    let failedBefore = store.failedOpens
    let response = try await InProcessTransport(backend: try openBackend()).send(request)
    // A request that needed the database and could not open it failed with an internal error;
    // the user is told why instead (a missing folder, a database of a newer version).
    if store.failedOpens != failedBefore, let failure = store.openFailure {
      throw RocketClientError.backendFailed(message: "\(failure)")
    }
    return response
  }
}
