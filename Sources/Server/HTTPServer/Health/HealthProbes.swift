import Synchronization

/// `GET /health` (liveness: 200 `{"status":"up"}`) and `GET /ready` (200 `{"status":"ready"}`,
/// or 503 with a reason while draining, stopping, or when the `ReadinessMonitor`'s latest check
/// failed), answered by the server before the router, so probes never wait for an execution
/// thread; an address at its connection budget may open `connectionAllowance` more for them.
public final class HealthProbes: Sendable {
  /// The liveness path.
  public static let healthPath = "/health"
  /// The readiness path.
  public static let readyPath = "/ready"
  /// Connections an address may open beyond its budget, for probes only (`HealthProbeRouter`).
  static let connectionAllowance = 4

  private let readiness: ReadinessMonitor?
  private let draining = Atomic<Bool>(false)

  /// - Parameter readiness: what decides readiness besides draining (nil: ready until drained).
  public init(readiness: ReadinessMonitor? = nil) {
    self.readiness = readiness
  }

  /// From now on `/ready` answers 503 `draining` (a graceful stop was announced).
  public func beginDraining() { draining.store(true, ordering: .relaxed) }

  /// Whether `beginDraining` was called: answers then ask clients to close their connections.
  public var isDraining: Bool { draining.load(ordering: .relaxed) }

  /// The answer to a request for `path`, or nil when `path` is not a probe's.
  /// - Parameter stopping: whether the server's graceful stop has begun.
  func answer(method: HTTPMethod, path: String, stopping: Bool) -> BufferedResponse? {
    let isReady = path == Self.readyPath
    guard isReady || path == Self.healthPath else { return nil }
    guard method == .get || method == .head else {
      return Self.json(405, #"{"status":"error","message":"Use GET or HEAD."}"#, allow: true)
    }
    guard isReady else { return Self.json(200, #"{"status":"up"}"#) }
    let problem = stopping || isDraining ? .draining : readiness?.current()
    guard let problem else { return Self.json(200, #"{"status":"ready"}"#) }
    var body = Array(#"{"status":"unavailable""#.utf8)
    JSONText.appendKey("reason", to: &body)
    JSONText.appendString(problem.reason, to: &body)
    JSONText.appendKey("message", to: &body)
    JSONText.appendString(problem.message, to: &body)
    body.append(UInt8(ascii: "}"))
    return BufferedResponse(
      status: 503, contentType: "application/json", body: body,
      headers: [HTTPHeaderField("Cache-Control", "no-store")])
  }

  private static func json(_ status: Int, _ text: String, allow: Bool = false) -> BufferedResponse {
    var headers = [HTTPHeaderField("Cache-Control", "no-store")]
    if allow { headers.append(HTTPHeaderField("Allow", "GET, HEAD")) }
    return BufferedResponse(
      status: status, contentType: "application/json", body: Array(text.utf8), headers: headers)
  }
}
