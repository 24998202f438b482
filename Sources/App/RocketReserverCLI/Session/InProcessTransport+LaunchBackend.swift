import LaunchBackend
import RocketClient

extension InProcessTransport {
  /// A transport whose requests go to `backend.process` (shared, not owned).
  init(backend: LaunchBackend) {
    self.init(handler: Self.handler(for: backend))
  }

  /// The handler that runs requests on `backend`.
  static func handler(for backend: LaunchBackend) -> Handler {
    { request, authorization in
      // The response text the pipeline wrote, decoded once, as a server's would be.
      try backend.process(request, authorization: authorization).json()
    }
  }
}
