import HTTPServer
import LaunchBackend

/// `serve`'s readiness: the booking database answers a trivial statement through the same
/// connections requests use.
enum BackendReadiness {
  /// A monitor that checks `backend`'s database at most once a second, off the probe's thread.
  static func monitor(_ backend: LaunchBackend) -> ReadinessMonitor {
    ReadinessMonitor {
      backend.databaseProblem().map { Unreadiness(reason: $0.kind.rawValue, message: $0.message) }
    }
  }
}
