import FoundationEssentials
import WebSocket

/// The client's side of the RFC 6455 opening handshake: the GET request with its key, and the
/// check of the server's `101 Switching Protocols` answer.
struct WebSocketHandshakeRequest: Sendable {
  let host: String
  let port: Int
  /// The scheme's port (80, or 443 over TLS), which the `Host` field leaves out.
  let defaultPort: Int
  let path: String
  let subprotocols: [String]
  let headers: HTTPHeaders
  /// base64 of 16 random bytes.
  let key: String

  /// Why the server's answer does not open a WebSocket.
  enum Refusal: Error, Equatable {
    /// Not `101`: the status, and the body's start when there was one.
    case status(Int)
    /// A 101 without the right `Upgrade`, `Connection` or `Sec-WebSocket-Accept`.
    case invalid(String)
  }

  /// A request for `path` on `host:port` offering `subprotocols` in order of preference.
  init(
    host: String, port: Int, defaultPort: Int = 80, path: String, subprotocols: [String], headers: HTTPHeaders
  ) {
    self.host = host
    self.port = port
    self.defaultPort = defaultPort
    self.path = path
    self.subprotocols = subprotocols
    self.headers = headers
    key = WebSocketAccept.newKey()
  }

  var bytes: [UInt8] {
    let name = host.contains(":") ? "[\(host)]" : host
    let hostField = port == defaultPort ? name : "\(name):\(port)"
    var text = "GET \(path) HTTP/1.1\r\nHost: \(hostField)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    text += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
    text += "Sec-WebSocket-Protocol: \(subprotocols.joined(separator: ", "))\r\n"
    text += "User-Agent: rocket-reserver\r\n"
    for field in headers { text += "\(field.name): \(field.value)\r\n" }
    return Array((text + "\r\n").utf8)
  }

  /// The value the server must answer in `Sec-WebSocket-Accept`.
  var expectedAccept: String { WebSocketAccept.value(forKey: key) }

  /// Checks the response head (without its blank line) and returns the subprotocol the server chose.
  func check(responseHead head: String) throws(Refusal) -> String {
    var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
    guard let statusLine = lines.popFirst() else { throw .invalid("an empty answer") }
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
      throw .invalid("not an HTTP answer")
    }
    guard status == 101 else { throw .status(status) }
    var fields: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].trimmingSpaces())
    }
    guard fields["upgrade"]?.lowercased() == "websocket" else { throw .invalid("no Upgrade: websocket") }
    guard fields["sec-websocket-accept"] == expectedAccept else {
      throw .invalid("a wrong Sec-WebSocket-Accept")
    }
    guard let chosen = fields["sec-websocket-protocol"], subprotocols.contains(chosen) else {
      throw .invalid("none of the subprotocols \(subprotocols.joined(separator: ", ")) accepted")
    }
    return chosen
  }
}
