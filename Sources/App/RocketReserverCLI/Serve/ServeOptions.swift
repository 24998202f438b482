import HTTPServer
import LaunchBackend

/// What `serve` does around the server beyond its limits: the pid file, the drain on SIGTERM
/// the access log's format and how much of the event log is kept.
struct ServeOptions: Sendable {
  /// Where the process id goes once listening, or nil.
  var pidFile: String?
  /// How long `/ready` answers 503 before the server stops after SIGTERM (zero: stop at once).
  var drain: Duration
  /// How the access log writes each request.
  var logFormat: AccessLogFormat = .text
  /// How much of the `tripsBooked` log is kept for subscribers that resume.
  var eventRetention: TripEventRetention = .standard
  /// How long sessions last and how often one client address may log in.
  var loginLimits = LoginLimits()

  /// The drain in decimal seconds, as an operator gave it (`5`, `0.25`).
  var drainDescription: String {
    let milliseconds = drain.components.seconds * 1000 + drain.components.attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
  }
}
