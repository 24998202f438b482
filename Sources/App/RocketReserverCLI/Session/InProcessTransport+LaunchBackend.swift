import LaunchBackend
import RocketClient

extension InProcessTransport {
  /// A transport to the embedded backend: each request goes to `backend.process`, admitted as a
  /// single response (queries and mutations).
  ///
  /// - Parameter backend: the embedded API, open on its database; it is shared, not owned.
  init(backend: LaunchBackend) {
    self.init(handler: Self.handler(for: backend))
  }

  /// The handler that runs requests on `backend`, for wrapping (for example to observe requests).
  ///
  /// - Parameter backend: the embedded API.
  static func handler(for backend: LaunchBackend) -> Handler {
    { request, authorization in
      // The response text the pipeline wrote, decoded once, as a server's would be.
      try backend.process(request, authorization: authorization).json()
    }
  }
}
