import CCrypto

/// The server's side of the RFC 6455 opening handshake, as a pure function of the request head.
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
    guard case .value(let key) = request.header("Sec-WebSocket-Key"), Self.isValidKey(key) else {
      throw Refusal(status: 400, message: "Sec-WebSocket-Key must be 16 bytes in base64.")
    }
    guard case .value(let offered) = request.header("Sec-WebSocket-Protocol"),
      let subprotocol = WebSocketSubprotocol.choose(from: offered)
    else {
      throw Refusal(
        status: 400,
        message: "Sec-WebSocket-Protocol must offer graphql-transport-ws or graphql-ws.")
    }
    return WebSocketHandshake(accept: acceptValue(forKey: key), subprotocol: subprotocol)
  }

  /// base64(SHA-1(key + the RFC's GUID)).
  static func acceptValue(forKey key: String) -> String {
    let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
    var digest = [UInt8](repeating: 0, count: 20)
    ccrypto_sha1(input, input.count, &digest)
    return Base64.encode(digest)
  }

  /// A key is the base64 form of 16 bytes: 22 characters and `==`.
  private static func isValidKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else {
      return false
    }
    return bytes[..<22].allSatisfy { Base64.value(of: $0) != nil }
  }
}

/// Standard base64 (RFC 4648 section 4), for the handshake.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      let value = chunk.enumerated().reduce(UInt32(0)) {
        $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset))
      }
      for position in 0..<4 {
        if position <= chunk.count {
          out.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 63)])
        } else {
          out.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func value(of byte: UInt8) -> UInt8? {
    alphabet.firstIndex(of: byte).map { UInt8($0) }
  }
}
