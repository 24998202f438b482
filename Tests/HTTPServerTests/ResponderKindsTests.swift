import Glibc
import HTTPServer
import TestSupport
import Testing

/// The HTTP server with a router that knows nothing of GraphQL: each kind of responder
/// (buffered, computed, after a body, streamed, upgraded) and the server's own answers.
@Suite struct ResponderKindsTests {
  /// Answers a handful of paths, one per responder kind, in plain text.
  struct PlainRouter: HTTPRouter {
    let commonHeaders = [HTTPHeaderField("X-Served-By", "plain")]

    func route(_ head: some HTTPRequestHead) -> HTTPResponder {
      switch head.path {
      case "/hello": return .respond(Self.text(200, "hello"))
      case "/computed": return .compute { Self.text(200, "computed off libmicrohttpd's threads") }
      case "/echo":
        return .readBody(limit: 8) { body in
          .respond(
            body.map { BufferedResponse(status: 200, contentType: "text/plain", body: $0) }
              ?? Self.text(413, "too large"))
        }
      case "/stream":
        let framing = StreamFraming(
          contentType: "text/plain", opening: Array("[".utf8), heartbeat: [], stalledEnding: [],
          end: Array("]".utf8))
        return .stream(framing: framing) { body in
          body.append(Array("a".utf8))
          body.append(Array("b".utf8))
          body.finish()
        }
      case "/upgrade":
        return .upgrade(headers: [("Upgrade", "shout")]) { socket in
          _ = Array("HI".utf8).withUnsafeBytes { send(socket.descriptor, $0.baseAddress, $0.count, 0) }
          socket.close()
        }
      default: return .respond(error(404, "no such page"))
      }
    }

    func error(_ status: Int, _ message: String) -> BufferedResponse { Self.text(status, message) }
    func starting() throws(HTTPServerError) {}
    func stopping() {}

    static func text(_ status: Int, _ text: String) -> BufferedResponse {
      BufferedResponse(status: status, contentType: "text/plain", body: Array(text.utf8))
    }
  }

  let server: HTTPServer
  let port: UInt16

  init() throws {
    server = HTTPServer(
      router: PlainRouter(), configuration: HTTPServerConfiguration(threads: 2, drainTimeoutSeconds: 1),
      accessLog: DiscardingAccessLog())
    try server.start()
    port = try #require(server.port)
  }

  func request(_ line: String, body: String = "") throws -> (status: Int, head: String, body: String)? {
    let connection = try RawHTTPConnection(port: port)
    let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
    connection.send("\(line) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(length)\r\n\(body)")
    return connection.readResponse()
  }

  @Test func bufferedComputedAndBodyAnswersCarryTheRoutersHeaders() throws {
    let hello = try #require(try request("GET /hello"))
    #expect(hello.status == 200 && hello.body == "hello")
    #expect(hello.head.contains("X-Served-By: plain"))
    #expect(try request("GET /computed")?.body == "computed off libmicrohttpd's threads")
    #expect(try request("POST /echo", body: "ping")?.body == "ping")
    #expect(try request("POST /echo", body: "longer than eight")?.status == 413)
    let missing = try #require(try request("GET /nowhere"))
    #expect(missing.status == 404 && missing.body == "no such page")
  }

  @Test func theServersOwnAnswersAreTheRouters() throws {
    let connection = try RawHTTPConnection(port: port)
    connection.send("GET /hello HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
    let answer = try #require(connection.readResponse())
    #expect(answer.status == 400 && answer.head.contains("X-Served-By: plain"))
  }

  @Test func aStreamIsChunkedBetweenItsOpeningAndEnd() throws {
    let connection = try RawHTTPConnection(port: port)
    connection.send("GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    let text = String(decoding: connection.readToEnd().bytes, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    #expect(parts.first?.hasPrefix("HTTP/1.1 200") == true)
    #expect(parts.first?.contains("X-Served-By: plain") == true)
    let chunks = parts.dropFirst().joined(separator: "\r\n\r\n").components(separatedBy: "\r\n")
    // Size lines and data lines alternate; the data, in order, is the whole body.
    let data = stride(from: 1, to: chunks.count, by: 2).map { chunks[$0] }.joined()
    #expect(data == "[ab]")
  }

  @Test func anUpgradeHandsTheSocketOverAfterThe101() throws {
    let connection = try RawHTTPConnection(port: port)
    connection.send(
      "GET /upgrade HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: shout\r\n\r\n")
    let text = String(decoding: connection.readToEnd().bytes, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 101"))
    #expect(text.hasSuffix("\r\n\r\nHI"))
  }
}
