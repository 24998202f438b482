import Foundation
import Glibc

/// One accepted connection: reads an HTTP/1.1 request and writes a response. Blocking I/O.
struct StubConnection {
  let descriptor: Int32
  private static let headLimit = 64 * 1024

  /// What arrived on a connection.
  enum Incoming {
    /// A complete request.
    case request(LoopbackHTTPStub.Request)
    /// Bytes that are not HTTP/1.1 (for example a TLS handshake): answered with 400 like a real server.
    case malformed
    /// The client left before sending a whole request.
    case closed
  }

  /// Reads the request head and its `Content-Length` body.
  func readRequest() -> Incoming {
    var buffer = Data()
    let separator = Data("\r\n\r\n".utf8)
    var headEnd: Range<Data.Index>?
    while headEnd == nil {
      guard buffer.count < Self.headLimit, let chunk = receive() else { return .closed }
      buffer.append(chunk)
      guard Self.startsLikeHTTP(buffer) else { return .malformed }
      headEnd = buffer.range(of: separator)
    }
    guard let headEnd else { return .closed }
    let head = String(decoding: buffer[..<headEnd.lowerBound], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count == 3 else { return .malformed }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { return .malformed }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    if headers["expect"]?.lowercased() == "100-continue" {
      LoopbackTCPServer.sendAll(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }
    let length = headers["content-length"].flatMap { Int($0) } ?? 0
    var body = Data(buffer[headEnd.upperBound...])
    while body.count < length {
      guard let chunk = receive() else { return .closed }
      body.append(chunk)
    }
    return .request(
      LoopbackHTTPStub.Request(
        method: String(requestLine[0]), path: String(requestLine[1]), headers: headers,
        body: body.prefix(length)))
  }

  /// Whether the bytes so far can begin a request line: upper-case method letters, then a space.
  private static func startsLikeHTTP(_ bytes: Data) -> Bool {
    for byte in bytes {
      if byte == UInt8(ascii: " ") { return true }
      guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { return false }
    }
    return true
  }

  /// Waits `delay`; returns false early if the client closed the connection (or the stub stopped).
  func waitWhileConnected(for delay: Duration) -> Bool {
    let deadline = ContinuousClock.now + delay
    while true {
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { return true }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, milliseconds)
      if ready < 0 && errno == EINTR { continue }
      // Readable during the wait means end of stream (the client sends nothing more) or an error.
      if ready != 0 { return false }
    }
  }

  /// Writes the status line, headers and body.
  func respond(with response: LoopbackHTTPStub.Response) {
    var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
      head += "\(name): \(value)\r\n"
    }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    LoopbackTCPServer.sendAll(descriptor, Array(head.utf8) + response.body)
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  private func receive() -> Data? { LoopbackTCPServer.receive(descriptor, upTo: 16 * 1024).map { Data($0) } }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status \(status)"
    }
  }
}
