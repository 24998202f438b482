import GraphQL
import GraphQLWire
import HTTPServer

/// The GraphQL layer's families: requests by operation, status and transport, their duration,
/// errors by `extensions.code`, and the subscriptions and WebSockets open. Labels are bounded:
/// operations not given at creation are `other` (unnamed: `anonymous`), unknown codes `other`.
package final class GraphQLMetrics: Sendable {
  /// How a request reached the server.
  package enum Transport: Int, Sendable, CaseIterable {
    case post, get, stream, websocket

    var label: String { "\(self)" }
  }

  /// How a request ended, as its `status` label says.
  enum Status: Int, CaseIterable {
    case ok, fieldErrors, requestError, persistedQueryMiss, badRequest, notAllowed, rateLimited, unavailable,
      internalError

    /// The case's name in snake case (`fieldErrors` is `field_errors`).
    var label: String {
      "\(self)".reduce(into: "") { $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1) }
    }

    init(_ response: GraphQLResponse) {
      switch response.outcome {
      case .executed: self = response.errors.isEmpty ? .ok : .fieldErrors
      case .persistedQueryNotFound, .persistedQueryNotSupported: self = .persistedQueryMiss
      case .persistedQueryInvalid, .persistedQueryNotInList, .conflict: self = .badRequest
      case .operationNotAllowed
      where response.operationType == .mutation || response.operationType == .subscription:
        self = .notAllowed
      case .unavailable: self = .unavailable
      case .rateLimited: self = .rateLimited
      default: self = .requestError
      }
    }
  }

  /// The `extensions.code`s the server gives (Apollo Server's and this API's).
  static let knownCodes = [
    "GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT", "OPERATION_RESOLUTION_FAILURE",
    "BAD_REQUEST", "PERSISTED_QUERY_NOT_FOUND", "PERSISTED_QUERY_NOT_SUPPORTED",
    "PERSISTED_QUERY_NOT_IN_LIST",
    "QUERY_TOO_COMPLEX", "RESPONSE_TOO_LARGE", "REQUEST_TIMEOUT", "UNAUTHENTICATED", "FORBIDDEN",
    "IDEMPOTENCY_KEY_REUSED", "RATE_LIMITED",
    "SERVICE_UNAVAILABLE", "INTERNAL_SERVER_ERROR",
  ]

  let requests: CounterFamily
  let duration: HistogramFamily
  let errors: CounterFamily
  /// Subscriptions streaming now, over WebSockets and streamed responses alike.
  let subscriptions: CounterFamily
  /// WebSocket frames' bytes, read and written.
  let webSocketReceivedBytes: CounterFamily
  let webSocketSentBytes: CounterFamily
  /// Positions of the known operation names in the `operation` label's values.
  private let operationPositions: [String: Int]
  private let otherOperation: Int

  /// Registers the families in `registry`, counting `operationNames` under their own name.
  package init(registry: MetricsRegistry, operationNames: [String]) {
    var names: [String] = []
    for name in operationNames where !names.contains(name) && name != "other" && name != "anonymous" {
      names.append(name)
    }
    operationPositions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    otherOperation = names.count
    requests = registry.register(
      CounterFamily(
        name: "rocket_reserver_graphql_requests_total",
        help:
          "GraphQL operations run, by operation name (known operations; other names are other), how they ended and transport.",
        labels: [
          ("operation", names + ["other", "anonymous"]), ("status", Status.allCases.map(\.label)),
          ("transport", Transport.allCases.map(\.label)),
        ]))
    duration = registry.register(
      HistogramFamily(
        name: "rocket_reserver_graphql_request_duration_seconds",
        help:
          "Time to run a GraphQL operation (a subscription: to start it), from the pipeline's start to its answer, by transport.",
        label: ("transport", Transport.allCases.map(\.label))))
    errors = registry.register(
      CounterFamily(
        name: "rocket_reserver_graphql_errors_total",
        help: "GraphQL errors in answers, by extensions.code (none: without a code; other: any other code).",
        labels: [("code", Self.knownCodes + ["other", "none"])]))
    subscriptions = registry.register(
      CounterFamily(
        name: "rocket_reserver_graphql_subscriptions",
        help: "GraphQL subscriptions streaming now, over WebSockets and streamed responses.", type: .gauge))
    webSocketReceivedBytes = registry.register(
      CounterFamily(
        name: "rocket_reserver_websocket_received_bytes_total",
        help: "Bytes read from WebSockets after their handshake (frames, headers included)."))
    webSocketSentBytes = registry.register(
      CounterFamily(
        name: "rocket_reserver_websocket_sent_bytes_total",
        help: "Bytes written to WebSockets after their handshake (frames, headers included)."))
  }

  /// Registers the gauge of WebSockets open on `loops`.
  func registerWebSockets(_ loops: WebSocketLoops, in registry: MetricsRegistry) {
    registry.register(
      GaugeFamily(name: "rocket_reserver_graphql_websockets", help: "GraphQL WebSocket connections open now.")
      {
        Double(loops.loops.reduce(0) { $0 + $1.openCount.load(ordering: .relaxed) })
      })
  }

  /// Records an operation that ended with `response` after `duration`.
  func record(_ response: GraphQLResponse, operationName: String?, transport: Transport, duration: Duration) {
    record(Status(response), operationName: operationName, transport: transport, duration: duration)
    for error in response.errors { errors.add(at: Self.codePosition(error.code)) }
  }

  /// Records an operation that ended as `status` (a subscription that started: `.ok`).
  func record(_ status: Status, operationName: String?, transport: Transport, duration: Duration) {
    let operation = operationName.map { operationPositions[$0] ?? otherOperation } ?? otherOperation + 1
    requests.add(at: operation, status.rawValue, transport.rawValue)
    self.duration.observe(duration, at: transport.rawValue)
    if status == .internalError { errors.add(at: Self.codePosition("INTERNAL_SERVER_ERROR")) }
  }

  private static func codePosition(_ code: String?) -> Int {
    guard let code else { return knownCodes.count + 1 }
    return knownCodes.firstIndex(of: code) ?? knownCodes.count
  }
}
