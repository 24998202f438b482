import GraphQL
import GraphQLWire

/// The `graphql-transport-ws` subprotocol (the graphql-ws library's PROTOCOL.md), server side.
///
/// Close codes: 4400 for a malformed or unexpected message, 4401 for `subscribe` before the ack,
/// 4403 when `connection_init` carries a credential the service refuses, 4408 when no
/// `connection_init` arrives within `initTimeout`, 4409 for an `id` already in use, 4429 for a
/// second `connection_init`; 1001 when the server stops.
struct TransportWSSession: GraphQLSocketSession {
  private(set) var authorization: String?
  private let accepts: @Sendable (String) -> Bool
  private let maxOperations: Int
  private let initDeadline: ContinuousClock.Instant
  private var initReceived = false
  private var acknowledged = false
  var closed = false
  var active: Set<String> = []
  static let resultType: StaticString = "next"

  /// - Parameters: the upgrade's `Authorization`, whether a `connection_init` credential may be
  ///   used, the operations one connection may run at once, and `connection_init`'s deadline.
  init(
    authorization: String?, accepts: @escaping @Sendable (String) -> Bool, maxOperations: Int,
    initTimeout: Duration, now: ContinuousClock.Instant
  ) {
    self.authorization = authorization
    self.accepts = accepts
    self.maxOperations = maxOperations
    initDeadline = now + initTimeout
  }

  mutating func received(_ text: [UInt8]) -> [SocketSessionAction] {
    guard !closed else { return [] }
    guard let message = SocketClientMessage(text), !message.hasInvalidID else {
      return close(4400, "Invalid message received")
    }
    switch message.type {
    case "connection_init":
      guard !initReceived else { return close(4429, "Too many initialisation requests") }
      initReceived = true
      switch message.payload {
      case nil, .null?, .object?: break
      default: return close(4400, "Invalid connection_init payload")
      }
      if let credential = SocketClientMessage.credential(in: message.payload) {
        guard accepts(credential) else { return close(4403, "Forbidden") }
        authorization = credential
      }
      acknowledged = true
      return [.send(SocketServerMessage.make("connection_ack"))]
    case "ping":
      return [.send(SocketServerMessage.make("pong"))]
    case "pong":
      return []
    case "subscribe":
      guard acknowledged else { return close(4401, "Unauthorized") }
      guard let id = message.id, !id.isEmpty, let request = SocketClientMessage.request(in: message.payload)
      else { return close(4400, "Invalid subscribe message") }
      guard !active.contains(id) else { return close(4409, "Subscriber for \(id) already exists") }
      guard active.count < maxOperations else {
        let message = "Too many operations on this connection (at most \(maxOperations))."
        return [
          .send(SocketServerMessage.make("error", id: id, payload: SocketServerMessage.errorList(message)))
        ]
      }
      active.insert(id)
      return [.start(id: id, request: request)]
    case "complete":
      guard let id = message.id else { return close(4400, "Invalid complete message") }
      return active.remove(id) == nil ? [] : [.stop(id: id)]
    default:
      return close(4400, "Invalid message received")
    }
  }

  mutating func receivedBinary() -> [SocketSessionAction] {
    close(4400, "Binary messages are not part of graphql-transport-ws")
  }

  /// The errors, as a list.
  static func errorPayload(_ response: [UInt8]) -> [UInt8] {
    SocketServerMessage.errors(of: response).encoded()
  }

  mutating func tick(now: ContinuousClock.Instant) -> [SocketSessionAction] {
    guard !closed, !initReceived, now >= initDeadline else { return [] }
    return close(4408, "Connection initialisation timeout")
  }
}
