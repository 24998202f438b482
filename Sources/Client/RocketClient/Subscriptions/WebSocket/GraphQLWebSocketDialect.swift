import GraphQLWire

/// The two GraphQL-over-WebSocket subprotocols as one set of messages: `graphql-transport-ws`
/// (enisdenjo/graphql-ws) and the legacy `graphql-ws` (subscriptions-transport-ws, which says
/// `start`/`data`/`ka`/`connection_error` where the other says `subscribe`/`next`/`ping`).
struct GraphQLWebSocketDialect: Sendable {
  /// Whether this is the legacy `graphql-ws` subprotocol.
  let isLegacy: Bool

  init(subprotocol: String) {
    isLegacy = subprotocol == "graphql-ws"
  }

  /// What a server message means.
  enum Message: Equatable {
    case acknowledged
    case ping
    /// `pong` or `ka`: nothing to do.
    case keepAlive
    case next(id: String, payload: JSON)
    case error(id: String, errors: [GraphQLError])
    case complete(id: String)
    /// The legacy protocol's `connection_error`.
    case connectionError([GraphQLError])
    /// Anything else (a message of a type this client does not use, or not JSON).
    case other
  }

  func connectionInit(payload: JSONObject) -> [UInt8] {
    JSON.object(["type": .string("connection_init"), "payload": .object(payload)]).encoded()
  }

  var pong: [UInt8] { JSON.object(["type": .string("pong")]).encoded() }

  func subscribe(id: String, request: GraphQLRequest) -> [UInt8] {
    var payload: JSONObject = ["query": .string(request.query)]
    if let name = request.operationName { payload["operationName"] = .string(name) }
    if let variables = request.variables { payload["variables"] = .object(variables) }
    // Such as `resumeAfter` (docs/resumable-subscriptions.md).
    if let extensions = request.extensions { payload["extensions"] = .object(extensions) }
    if let onError = request.onError { payload["onError"] = .string(onError.rawValue) }
    return JSON.object([
      "id": .string(id), "type": .string(isLegacy ? "start" : "subscribe"), "payload": .object(payload),
    ]).encoded()
  }

  func classify(_ bytes: [UInt8]) -> Message {
    guard let message = try? JSON(parsing: bytes), let type = message["type"]?.stringValue else {
      return .other
    }
    let id = message["id"]?.stringValue ?? ""
    switch type {
    case "connection_ack": return .acknowledged
    case "ping": return .ping
    case "pong", "ka": return .keepAlive
    case "next" where !isLegacy, "data" where isLegacy:
      return .next(id: id, payload: message["payload"] ?? .null)
    case "error":
      return .error(id: id, errors: Self.errors(message["payload"]))
    case "complete": return .complete(id: id)
    case "connection_error":
      return .connectionError(Self.errors(message["payload"]))
    default: return .other
    }
  }

  /// The errors of a payload: graphql-transport-ws sends a list, the legacy protocol one object.
  static func errors(_ payload: JSON?) -> [GraphQLError] {
    GraphQLError.list(payload?.arrayValue != nil ? payload : payload.map { .array([$0]) })
  }
}
