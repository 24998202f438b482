import HTTPServer
import WebSocket

/// The server's side of the RFC 6455 opening handshake, a pure function of the request head.
struct WebSocketHandshake: Sendable, Equatable {
  /// The `Sec-WebSocket-Accept` value.
  let accept: String
  /// The subprotocol both sides speak.
  let subprotocol: WebSocketSubprotocol

  /// Whether the request asks for a WebSocket (`Upgrade: websocket`); only then is it checked.
  static func isUpgrade(_ request: some HTTPRequestHead) -> Bool {
    guard case .value(let upgrade) = request.header("Upgrade") else { return false }
    return upgrade.split(separator: ",").contains { $0.trimmingASCIISpaces.lowercased() == "websocket" }
  }

  /// Why an upgrade request cannot be accepted: the status and message of the answer.
  struct Refusal: Error, Equatable {
    let status: Int
    let message: String
  }

  /// Checks an upgrade request (RFC 6455 section 4.2.1) and computes the answer.
  /// - Throws: `Refusal` (400 for a malformed handshake, 426 for another version).
  static func accept(_ request: some HTTPRequestHead) throws(Refusal) -> WebSocketHandshake {
    guard request.method == .get else {
      throw Refusal(status: 400, message: "A WebSocket handshake uses GET.")
    }
    guard case .value(let connection) = request.header("Connection"),
      connection.split(separator: ",").contains(where: { $0.trimmingASCIISpaces.lowercased() == "upgrade" })
    else {
      throw Refusal(status: 400, message: "A WebSocket handshake needs Connection: Upgrade.")
    }
    guard case .value(let version) = request.header("Sec-WebSocket-Version"), version == "13" else {
      throw Refusal(status: 426, message: "Only WebSocket version 13 is supported.")
    }
    guard case .value(let key) = request.header("Sec-WebSocket-Key"), WebSocketAccept.isValidKey(key) else {
      throw Refusal(status: 400, message: "Sec-WebSocket-Key must be 16 bytes in base64.")
    }
    guard case .value(let offered) = request.header("Sec-WebSocket-Protocol"),
      let subprotocol = WebSocketSubprotocol.choose(from: offered)
    else {
      throw Refusal(
        status: 400,
        message: "Sec-WebSocket-Protocol must offer graphql-transport-ws or graphql-ws.")
    }
    return WebSocketHandshake(accept: WebSocketAccept.value(forKey: key), subprotocol: subprotocol)
  }
}
