import Foundation
import Glibc
import WebSocket

/// A WebSocket client for tests, its framing written from RFC 6455 alone (not with wslay), so the
/// server's frames are checked byte for byte: masked client frames, the server's unmasked frames,
/// ping/pong and close codes. The accept value is the one `WebSocketAccept` computes for both
/// ends, itself checked against the RFC's example (`WebSocketAcceptTests`).
public final class WebSocketTestClient {
  /// One frame from the server.
  public enum Frame: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong([UInt8])
    /// A close frame's status code (nil when it has none) and reason.
    case close(code: UInt16?, reason: String)

    /// The frame without the event id a resumable subscription's result carries
    /// (`,"extensions":{"eventId":"N"}`), for tests that do not look at ids.
    public var withoutEventID: Frame {
      guard case .text(let text) = self else { return self }
      return .text(text.replacing(/,"extensions":\{"eventId":"\d+"(,"eventTime":"[^"]*")?\}/, with: ""))
    }
  }

  public struct HandshakeFailed: Error, CustomStringConvertible {
    public let response: String
    public var description: String { "WebSocket handshake failed: \(response)" }
  }

  private let connection: RawHTTPConnection
  private var buffer: [UInt8] = []
  /// The 101 response head.
  public private(set) var responseHead = ""

  /// Connects (from the loopback address `source`, when given, such as 127.0.0.2) and performs
  /// the opening handshake offering `subprotocols`.
  /// - Throws: `HandshakeFailed` when the answer is not a 101 with the right accept value.
  public init(
    port: UInt16, subprotocols: String, headers: [String] = [], source: String? = nil,
    readTimeoutSeconds: Int = 15
  ) throws {
    connection = try RawHTTPConnection(port: port, source: source, readTimeoutSeconds: readTimeoutSeconds)
    let key = WebSocketAccept.newKey()
    var request =
      "GET /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: \(subprotocols)\r\n"
    for header in headers { request += header + "\r\n" }
    connection.send(request + "\r\n")
    guard let head = readHead() else { throw HandshakeFailed(response: "(no answer)") }
    responseHead = head
    let expected = WebSocketAccept.value(forKey: key)
    guard head.hasPrefix("HTTP/1.1 101"),
      head.lowercased().contains("sec-websocket-accept: \(expected.lowercased())")
    else { throw HandshakeFailed(response: head) }
  }

  /// The client's own port (the server sees it at it).
  public func localPort() throws -> UInt16 { try connection.localPort() }

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
