import Foundation
import Glibc

/// A WebSocket client for tests, written from RFC 6455 alone (not with the server's library), so
/// the server's handshake and frames are checked byte for byte: masked client frames, the
/// server's unmasked frames, ping/pong and close codes.
public final class WebSocketTestClient {
  /// One frame from the server.
  public enum Frame: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong([UInt8])
    /// A close frame's status code (nil when it has none) and reason.
    case close(code: UInt16?, reason: String)
  }

  public struct HandshakeFailed: Error, CustomStringConvertible {
    public let response: String
    public var description: String { "WebSocket handshake failed: \(response)" }
  }

  private let connection: RawHTTPConnection
  private var buffer: [UInt8] = []
  /// The 101 response head.
  public private(set) var responseHead = ""

  /// Connects and performs the opening handshake offering `subprotocols`.
  /// - Throws: `HandshakeFailed` when the answer is not a 101 with the right accept value.
  public init(
    port: UInt16, subprotocols: String, headers: [String] = [], readTimeoutSeconds: Int = 15
  ) throws {
    connection = try RawHTTPConnection(port: port, readTimeoutSeconds: readTimeoutSeconds)
    let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    var request =
      "GET /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: \(subprotocols)\r\n"
    for header in headers { request += header + "\r\n" }
    connection.send(request + "\r\n")
    guard let head = readHead() else { throw HandshakeFailed(response: "(no answer)") }
    responseHead = head
    let expected = Self.acceptValue(key)
    guard head.hasPrefix("HTTP/1.1 101"),
      head.lowercased().contains("sec-websocket-accept: \(expected.lowercased())")
    else { throw HandshakeFailed(response: head) }
  }

  /// The expected `Sec-WebSocket-Accept` for `key`, computed with the SHA-1 below (not libcrypto).
  /// algorithm here in Swift.
  static func acceptValue(_ key: String) -> String {
    Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
  }

  /// A response header of the handshake, by lowercase name.
  public func header(_ name: String) -> String? {
    for line in responseHead.split(separator: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// Sends a masked text frame.
  public func send(text: String) { sendFrame(opcode: 0x1, payload: Array(text.utf8)) }

  /// Sends a masked frame with any opcode (0x9 ping, 0x8 close, 0x2 binary).
  public func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) {
    connection.send(Self.maskedFrame(opcode: opcode, payload: payload, fin: fin))
  }

  /// Sends bytes as they are (frames built with `maskedFrame`); false once the server closed.
  @discardableResult public func sendRaw(_ bytes: [UInt8]) -> Bool { connection.send(bytes) }

  /// A masked client frame.
  public static func maskedFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) -> [UInt8] {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else if payload.count <= 0xFFFF {
      frame.append(0x80 | 126)
      frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    return frame
  }

  /// Sends a close frame with `code`.
  public func sendClose(code: UInt16) {
    sendFrame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
  }

  /// The next frame, or nil when the connection closed or the read timed out.
  public func receive() -> Frame? {
    guard let header = take(2) else { return nil }
    let opcode = header[0] & 0x0F
    if header[1] & 0x80 != 0 { return .close(code: 0, reason: "server frame was masked") }
    var length = Int(header[1] & 0x7F)
    if length == 126 {
      guard let extended = take(2) else { return nil }
      length = Int(extended[0]) << 8 | Int(extended[1])
    } else if length == 127 {
      guard let extended = take(8) else { return nil }
      length = extended.reduce(0) { $0 << 8 | Int($1) }
    }
    guard let payload = take(length) else { return nil }
    switch opcode {
    case 0x1: return .text(String(decoding: payload, as: UTF8.self))
    case 0x2: return .binary(payload)
    case 0x8:
      guard payload.count >= 2 else { return .close(code: nil, reason: "") }
      return .close(
        code: UInt16(payload[0]) << 8 | UInt16(payload[1]),
        reason: String(decoding: payload[2...], as: UTF8.self))
    case 0x9: return .ping(payload)
    case 0xA: return .pong(payload)
    default: return .close(code: 0, reason: "unknown opcode \(opcode)")
    }
  }

  /// The next text frame's JSON object, skipping nothing; nil for anything else.
  public func receiveJSON() -> [String: Any]? {
    guard case .text(let text)? = receive() else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
  }

  /// Reads frames until a close frame and returns its code; nil if the connection ends first.
  public func receiveClose() -> (code: UInt16?, reason: String)? {
    while let frame = receive() {
      if case .close(let code, let reason) = frame { return (code, reason) }
    }
    return nil
  }

  /// Changes how long `receive` waits.
  public func setReadTimeout(seconds: Int) { connection.setReadTimeout(seconds: seconds) }

  /// Asks for a small receive buffer, for a client that reads nothing.
  public func shrinkReceiveBuffer(to bytes: Int32 = 4096) { connection.shrinkReceiveBuffer(to: bytes) }

  /// Whether the server closed the TCP connection within `milliseconds`.
  public func closedWithin(milliseconds: Int32) -> Bool {
    connection.closedWithin(milliseconds: milliseconds)
  }

  private func readHead() -> String? {
    while true {
      if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        buffer.removeSubrange(..<end.upperBound)
        return head
      }
      guard fill() else { return nil }
    }
  }

  private func take(_ count: Int) -> [UInt8]? {
    while buffer.count < count {
      guard fill() else { return nil }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[..<count])
  }

  private func fill() -> Bool {
    guard let chunk = connection.receiveSome() else { return false }
    buffer += chunk
    return true
  }
}

/// SHA-1 (FIPS 180-4), for checking the handshake independently of the server's libcrypto.
enum SHA1 {
  static func digest(_ message: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var data = message
    let bitLength = UInt64(message.count) * 8
    data.append(0x80)
    while data.count % 64 != 56 { data.append(0) }
    data += (0..<8).reversed().map { UInt8((bitLength >> (UInt64($0) * 8)) & 0xFF) }
    for chunk in stride(from: 0, to: data.count, by: 64) {
      var w = (0..<16).map { index in
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[chunk + index * 4 + $1]) }
      }
      for index in 16..<80 {
        let value = w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]
        w.append(value << 1 | value >> 31)
      }
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for index in 0..<80 {
        let (f, k): (UInt32, UInt32) =
          switch index {
          case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
          case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
          case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
          default: (b ^ c ^ d, 0xCA62_C1D6)
          }
        let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[index]
        (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
      }
      h = [h[0] &+ a, h[1] &+ b, h[2] &+ c, h[3] &+ d, h[4] &+ e]
    }
    return h.flatMap { word in (0..<4).reversed().map { UInt8((word >> (UInt32($0) * 8)) & 0xFF) } }
  }
}
