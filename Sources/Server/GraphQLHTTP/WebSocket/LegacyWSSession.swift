import GraphQL
import GraphQLWire

/// The legacy `graphql-ws` subprotocol (apollographql/subscriptions-transport-ws PROTOCOL.md),
/// server side: `connection_init` -> `connection_ack` and `ka`, `start` -> `data`... `complete`,
/// `stop`, `connection_terminate`. Errors are messages, not close codes, except a missing
/// `connection_init` (4408, as in graphql-transport-ws) and the server stopping (1001).
struct LegacyWSSession: GraphQLSocketSession {
  private(set) var authorization: String?
  private let accepts: @Sendable (String) -> Bool
  private let maxOperations: Int
  private let initDeadline: ContinuousClock.Instant
  private let keepAlive: Duration
  private var nextKeepAlive: ContinuousClock.Instant?
  private var acknowledged = false
  var closed = false
  var active: Set<String> = []
  static let resultType: StaticString = "data"

  /// - Parameters: as `TransportWSSession`'s, and `keepAlive`, the interval between `ka` messages.
  init(
    authorization: String?, accepts: @escaping @Sendable (String) -> Bool, maxOperations: Int,
    initTimeout: Duration, keepAlive: Duration, now: ContinuousClock.Instant
  ) {
    self.authorization = authorization
    self.accepts = accepts
    self.maxOperations = maxOperations
    self.keepAlive = keepAlive
    initDeadline = now + initTimeout
  }

  mutating func received(_ text: [UInt8]) -> [SocketSessionAction] {
    guard !closed else { return [] }
    guard let message = SocketClientMessage(text), !message.hasInvalidID else {
      return [.send(Self.error(id: nil, "Message must be JSON-parseable."))]
    }
    switch message.type {
    case "connection_init":
      if let credential = SocketClientMessage.credential(in: message.payload), !accepts(credential) {
        closed = true
        return [
          .send(SocketServerMessage.make("connection_error", payload: Self.errorObject("Forbidden"))),
          .close(code: 1011, reason: "Forbidden"),
        ]
      }
      if let credential = SocketClientMessage.credential(in: message.payload) { authorization = credential }
      acknowledged = true
      nextKeepAlive = .now + keepAlive
      return [.send(SocketServerMessage.make("connection_ack")), .send(SocketServerMessage.make("ka"))]
    case "start":
      guard let id = message.id, !id.isEmpty else {
        return [.send(Self.error(id: nil, "start needs an id."))]
      }
      guard acknowledged else { return [.send(Self.error(id: id, "Send connection_init first."))] }
      guard let request = SocketClientMessage.request(in: message.payload) else {
        return [.send(Self.error(id: id, "start needs a payload with a query."))]
      }
      // The reference server replaces an operation whose id is reused.
      var actions: [SocketSessionAction] = active.remove(id) == nil ? [] : [.stop(id: id)]
      guard active.count < maxOperations else {
        return actions + [
          .send(Self.error(id: id, "Too many operations on this connection (at most \(maxOperations))."))
        ]
      }
      active.insert(id)
      actions.append(.start(id: id, request: request))
      return actions
    case "stop":
      guard let id = message.id, active.remove(id) != nil else { return [] }
      return [.stop(id: id), .send(SocketServerMessage.make("complete", id: id))]
    case "connection_terminate":
      return close(1000, "Normal closure")
    default:
      return [.send(Self.error(id: message.id, "Invalid message type \(message.type)."))]
    }
  }

  mutating func receivedBinary() -> [SocketSessionAction] {
    guard !closed else { return [] }
    return [.send(Self.error(id: nil, "Message must be JSON-parseable."))]
  }

  /// The first error, as the reference server sends it.
  static func errorPayload(_ response: [UInt8]) -> [UInt8] {
    (SocketServerMessage.errors(of: response)[0] ?? .object(["message": .string("Request failed.")]))
      .encoded()
  }

  mutating func tick(now: ContinuousClock.Instant) -> [SocketSessionAction] {
    guard !closed else { return [] }
    if !acknowledged && now >= initDeadline { return close(4408, "Connection initialisation timeout") }
    guard let due = nextKeepAlive, now >= due else { return [] }
    nextKeepAlive = now + keepAlive
    return [.send(SocketServerMessage.make("ka"))]
  }

  private static func errorObject(_ message: String) -> [UInt8] {
    JSON.object(["message": .string(message)]).encoded()
  }

  private static func error(id: String?, _ message: String) -> [UInt8] {
    SocketServerMessage.make("error", id: id, payload: errorObject(message))
  }
}
