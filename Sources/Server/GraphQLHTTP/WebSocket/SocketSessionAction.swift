import GraphQL
import GraphQLWire

/// What a subprotocol session asks its connection to do.
enum SocketSessionAction: Sendable, Equatable {
  /// Send one text message.
  case send([UInt8])
  /// Start operation `id` (call the service, stream what it yields back to the session).
  case start(id: String, request: GraphQLRequest)
  /// Stop operation `id` (the client lost interest); nothing more is sent for it.
  case stop(id: String)
  /// Close the WebSocket with `code` and `reason` after what is queued.
  case close(code: UInt16, reason: String)
}

/// One WebSocket's GraphQL subprotocol as a state machine without I/O: messages, results and
/// time in, actions out.
protocol GraphQLSocketSession {
  /// The credential operations run with: the upgrade's `Authorization`, or `connection_init`'s.
  var authorization: String? { get }
  /// A text message from the client.
  mutating func received(_ text: [UInt8]) -> [SocketSessionAction]
  /// A binary message from the client (neither protocol uses them).
  mutating func receivedBinary() -> [SocketSessionAction]
  /// Operation `id` yielded a result (an encoded `ExecutionResult`).
  mutating func emitted(id: String, result: [UInt8]) -> [SocketSessionAction]
  /// Operation `id` answered once (a query or mutation, or a request that cannot run).
  mutating func answered(id: String, result: GraphQLResponse) -> [SocketSessionAction]
  /// Operation `id`'s stream ended on the server's side.
  mutating func finished(id: String) -> [SocketSessionAction]
  /// Time passed: deadlines and keep-alives.
  mutating func tick(now: ContinuousClock.Instant) -> [SocketSessionAction]
  /// The server is stopping: complete every operation and close with 1001.
  mutating func goingAway() -> [SocketSessionAction]
  /// The ids of the running operations.
  var active: Set<String> { get set }
  /// Set once the session closed; it then ignores everything.
  var closed: Bool { get set }
  /// The type of the message that carries a result (`next`; the legacy `data`).
  static var resultType: StaticString { get }
  /// The `error` message's payload for a request that cannot run, from the encoded response.
  static func errorPayload(_ response: [UInt8]) -> [UInt8]
}

/// What both subprotocols do alike with operations' results and at the end.
extension GraphQLSocketSession {
  mutating func emitted(id: String, result: [UInt8]) -> [SocketSessionAction] {
    guard !closed, active.contains(id) else { return [] }
    return [.send(SocketServerMessage.make(Self.resultType, id: id, payload: result))]
  }

  mutating func answered(id: String, result: GraphQLResponse) -> [SocketSessionAction] {
    guard !closed, active.remove(id) != nil else { return [] }
    guard result.outcome == .executed else {
      // A request that cannot run ends with `error` (and no `complete`).
      return [.send(SocketServerMessage.make("error", id: id, payload: Self.errorPayload(result.body)))]
    }
    return [
      .send(SocketServerMessage.make(Self.resultType, id: id, payload: result.body)),
      .send(SocketServerMessage.make("complete", id: id)),
    ]
  }

  mutating func finished(id: String) -> [SocketSessionAction] {
    guard !closed, active.remove(id) != nil else { return [] }
    return [.send(SocketServerMessage.make("complete", id: id))]
  }

  mutating func goingAway() -> [SocketSessionAction] {
    guard !closed else { return [] }
    let completes = active.sorted().map {
      SocketSessionAction.send(SocketServerMessage.make("complete", id: $0))
    }
    return close(1001, "Server shutting down", before: completes)
  }

  /// Closes with `code` after `before`, stopping every operation.
  mutating func close(
    _ code: UInt16, _ reason: String, before: [SocketSessionAction] = []
  ) -> [SocketSessionAction] {
    closed = true
    let stops = active.sorted().map { SocketSessionAction.stop(id: $0) }
    active = []
    return stops + before + [.close(code: code, reason: reason)]
  }
}

/// A parsed client message: `{"type": ..., "id"?: ..., "payload"?: ...}`.
struct SocketClientMessage {
  let type: String
  let id: String?
  let payload: JSON?
  /// Whether `id` was present but not a string.
  let hasInvalidID: Bool

  /// Nil when `text` is not a JSON object with a string `type`.
  init?(_ text: [UInt8]) {
    guard let json = try? JSON(parsing: text, maxDepth: 64), case .object(let object) = json,
      case .string(let type)? = object["type"]
    else { return nil }
    self.type = type
    if case .string(let id)? = object["id"] { self.id = id } else { id = nil }
    hasInvalidID = id == nil && object["id"] != nil && object["id"] != .null
    payload = object["payload"]
  }

  /// The credential in a `connection_init` payload (`Authorization`, `authorization`,
  /// `authToken` or `token`), if any.
  static func credential(in payload: JSON?) -> String? {
    guard case .object(let object)? = payload else { return nil }
    for key in ["Authorization", "authorization", "authToken", "token"] {
      if case .string(let value)? = object[key], !value.isEmpty { return value }
    }
    return nil
  }

  /// The GraphQL request in a `subscribe`/`start` payload, or nil when it is not one.
  static func request(in payload: JSON?) -> GraphQLRequest? {
    guard case .object(let object)? = payload else { return nil }
    return try? RequestParameters.fromBody(object)
  }
}

/// Builds server messages as UTF-8 JSON text.
enum SocketServerMessage {
  /// `{"id":<id>,"type":<type>,"payload":<payload>}`, with `id` and `payload` left out when nil;
  /// `payload` is already-encoded JSON.
  static func make(_ type: StaticString, id: String? = nil, payload: [UInt8]? = nil) -> [UInt8] {
    var text: [UInt8] = Array("{".utf8)
    if let id {
      text += Array(#""id":"#.utf8)
      text += JSON.string(id).encoded()
      text.append(UInt8(ascii: ","))
    }
    text += Array(#""type":""#.utf8)
    text += UnsafeBufferPointer(start: type.utf8Start, count: type.utf8CodeUnitCount)
    text.append(UInt8(ascii: "\""))
    if let payload {
      text += Array(#","payload":"#.utf8)
      text += payload
    }
    text.append(UInt8(ascii: "}"))
    return text
  }

  /// The `errors` array of an encoded response, or a one-error array with `fallback`.
  static func errors(of body: [UInt8], fallback: String = "Internal server error.") -> JSON {
    if let json = try? JSON(parsing: body, maxDepth: 128), case .array(let errors)? = json["errors"] {
      return .array(errors)
    }
    return .array([.object(["message": .string(fallback)])])
  }

  /// `[{"message": message}]`.
  static func errorList(_ message: String) -> [UInt8] {
    JSON.array([.object(["message": .string(message)])]).encoded()
  }
}
