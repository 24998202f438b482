import LaunchBackend
import RocketClient
import Synchronization

/// The in-process transport to the embedded backend, opening the database on the first request.
///
/// `help`, completion and the prompt never send a request, so they never create the database; a
/// one-shot `help` stays fast and leaves no file behind. (`cancel <Tab>` reads the user's trips
/// from a database that already exists: `KnownLaunchSource`.)
///
/// Thread safety: the backend is created once, under a `Mutex`.
final class LazyBackendTransport: NetworkTransport {
  /// The SQLite file the backend opens.
  let databasePath: String
  private let backend = Mutex<LaunchBackend?>(nil)

  /// - Parameter databasePath: the database file; its directory is created (0700) when missing.
  init(databasePath: String) {
    self.databasePath = databasePath
  }

  /// The backend, opened now if this is the first use.
  /// - Throws: ``RocketClientError/backendFailed(message:)`` when the database cannot be opened.
  func openBackend() throws(RocketClientError) -> LaunchBackend {
    do {
      return try backend.withLock { backend in
        if let backend { return backend }
        let opened = try LaunchBackend(databasePath: databasePath)
        backend = opened
        return opened
      }
    } catch {
      throw RocketClientError.backendFailed(message: "\(error)")
    }
  }

  /// Closes the database if it was opened.
  func close() {
    backend.withLock { $0?.close() }
  }

  func send(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    let transport = InProcessTransport(backend: try openBackend())
    return try await transport.send(request)
  }
}
