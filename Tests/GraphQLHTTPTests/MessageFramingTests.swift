import Foundation
import TestSupport
import Testing

@testable import GraphQLHTTP
@testable import HTTPServer

/// RFC 9112 over raw sockets from 127.0.0.2: framing the server must refuse, answers that must be
/// readable, and keep-alive and pipelining that must keep working.
@Suite struct MessageFramingTests {
  private static let query = #"{"query":"{ __typename }"}"#

  private static func post(_ body: String = query, extra: String = "") -> String {
    "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\(extra)"
      + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }

  /// The status lines of every response in `bytes` ("HTTP/1.1 " and three digits), in order.
  private static func statusLines(_ bytes: [UInt8]) -> [String] {
    let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
    let prefix = Array("HTTP/1.1 ".utf8)
    var found: [String] = []
    var index = 0
    while index + prefix.count + 3 <= text.count {
      let digits = text[(index + prefix.count)..<(index + prefix.count + 3)]
      if text[index..<(index + prefix.count)].elementsEqual(prefix),
        digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
      {
        found.append("HTTP/1.1 " + String(decoding: digits, as: UTF8.self))
        index += prefix.count
      } else {
        index += 1
      }
    }
    return found
  }

  @Test func contentLengthWithTransferEncodingIsRefusedAndTheRestIsNotRun() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    // A front end that trusts Content-Length sees one request; chunked framing ends the body at
    // "0\r\n\r\n" and would run the rest as a second, smuggled request.
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 42\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
    let (bytes, closed) = connection.readToEnd()
    #expect(Self.statusLines(bytes) == ["HTTP/1.1 400"])
    #expect(String(decoding: bytes, as: UTF8.self).lowercased().contains("connection: close"))
    #expect(closed)
    #expect(!server.log.entries.contains { $0.path == "/smuggled" })
  }

  @Test func unknownTransferCodingIs501AndCloses() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n"
        + Self.query)
    let (bytes, closed) = connection.readToEnd()
    #expect(Self.statusLines(bytes) == ["HTTP/1.1 501"])
    #expect(closed)
  }

  @Test func differingContentLengthsAre400() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    connection.send(Self.post(extra: "Content-Length: 3\r\n"))
    let (bytes, closed) = connection.readToEnd()
    #expect(Self.statusLines(bytes) == ["HTTP/1.1 400"])
    #expect(closed)
  }

  @Test func http11WithoutHostIs400ButHTTP10IsServed() throws {
    let server = try TestServer()
    let eleven = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    eleven.send("GET / HTTP/1.1\r\n\r\n")
    let (bytes, closed) = eleven.readToEnd()
    #expect(Self.statusLines(bytes) == ["HTTP/1.1 400"])
    #expect(String(decoding: bytes, as: UTF8.self).contains("Host"))
    #expect(closed)
    let ten = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    ten.send("GET / HTTP/1.0\r\n\r\n")
    #expect(ten.readResponse()?.status == 200)
  }

  @Test(arguments: ["Bearer token\0junk", "Bearer token\u{1}", "Bearer to\u{7F}ken", "\0"])
  func controlCharacterInAuthorizationIsRefusedNotCut(value: String) throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    connection.send(Self.post(extra: "Authorization: \(value)\r\n"))
    let (bytes, closed) = connection.readToEnd()
    #expect(Self.statusLines(bytes) == ["HTTP/1.1 400"])
    // The service never ran: its echo of the authorization would be in a 200 answer.
    #expect(!String(decoding: bytes, as: UTF8.self).contains("authorization"))
    #expect(closed)
  }

  @Test func nulInTheLastHeaderOrARequestWithoutHeadersIsCaught() throws {
    let server = try TestServer()
    let last = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    last.send("GET / HTTP/1.1\r\nHost: x\r\nX-Last: a\0\0\0\0b\r\n\r\n")
    #expect(Self.statusLines(last.readToEnd().bytes) == ["HTTP/1.1 400"])
    let tab = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    tab.send("GET / HTTP/1.1\r\nHost: x\r\nX-Tab: a\tb  \r\n\r\n")
    #expect(tab.readResponse()?.status == 200)
  }

  @Test func bodyOverTheLimitAnsweredEarlyIsReadable() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2", readTimeoutSeconds: 10)
    let body = [UInt8](repeating: UInt8(ascii: " "), count: 2 << 20)
    let head =
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
    // The server answers 413 after the head; its lingering close reads what is still coming, so
    // the whole upload goes through without a reset and the answer can be read after it.
    #expect(connection.send(Array(head.utf8) + body))
    let (bytes, closed) = connection.readToEnd()
    #expect(Self.statusLines(bytes) == ["HTTP/1.1 413"])
    #expect(closed)
  }

  @Test func keepAliveAndPipeliningAnswerInOrder() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    let get = "GET /graphql?query=%7Bfirst%7D HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n"
    connection.send(get + Self.post(#"{"query":"{ second }"}"#) + "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    let first = try #require(connection.readResponse())
    #expect(first.status == 200 && first.body.contains("first"))
    let second = try #require(connection.readResponse())
    #expect(second.status == 200 && second.body.contains("second"))
    let third = try #require(connection.readResponse())
    #expect(third.status == 200 && third.body.contains("/graphql"))
    for response in [first, second, third] {
      #expect(!response.head.lowercased().contains("connection: close"))
    }
    // Still open and usable afterwards.
    connection.send(Self.post(#"{"query":"{ fourth }"}"#))
    #expect(connection.readResponse()?.body.contains("fourth") == true)
  }

  /// Found by the http-head fuzzer (Fuzz/corpus/http-head/crash-unparsable-content-length):
  /// libmicrohttpd refuses this head itself, before the server sees it, and 0.9.75 sends its
  /// answer's head twice. What matters holds: a 400, then the connection closes.
  @Test func unparsableContentLengthIs400AndCloses() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ion\n\r\n"
        + #"{"query":"{hell}"o}"#)
    let (bytes, closed) = connection.readToEnd()
    #expect(Self.statusLines(bytes).allSatisfy { $0 == "HTTP/1.1 400" })
    #expect(!Self.statusLines(bytes).isEmpty)
    #expect(closed)
    #expect(server.log.entries.isEmpty)
  }

  /// From the http-body fuzzer's corpus (Fuzz/corpus/http-body/crash-*-invalid-utf8): bodies
  /// with NUL and invalid UTF-8 bytes get a JSON 400, on a connection that stays usable.
  @Test func bodyWithNULAndInvalidUTF8Is400() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    let body = Array(#"{"quer"#.utf8) + [0, 0] + [UInt8](repeating: 0xFF, count: 40) + Array("\"}".utf8)
    let head =
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
    connection.send(Array(head.utf8) + body)
    let response = try #require(connection.readResponse())
    #expect(response.status == 400)
    #expect(response.body.contains("not valid JSON"))
    connection.send(Self.post())
    #expect(connection.readResponse()?.status == 200)
  }

  /// From the http-body fuzzer's corpus (crash-03af4c0c-interrupted-recv, where the fuzz client
  /// took an interrupted recv for the end of the reply): NULs in a chunked body from a client
  /// that half-closes after it get a 400, and then the connection closes.
  @Test func chunkedBodyWithNULsFromAHalfClosingClientIs400() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    let body =
      Array(#"{"que"#.utf8) + [UInt8](repeating: 0, count: 14) + Array(#"rynull,"extensions":{}}"#.utf8)
    let head =
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    connection.send(
      Array(head.utf8) + Array("\(String(body.count, radix: 16))\r\n".utf8) + body
        + Array("\r\n0\r\n\r\n".utf8))
    connection.finishSending()
    let response = try #require(connection.readResponse())
    #expect(response.status == 400)
    #expect(response.body.contains("not valid JSON"))
    #expect(connection.closedWithin(milliseconds: 5000))
  }

  @Test func framingRules() {
    func rejection(_ fields: [(String, String)], version: String = "HTTP/1.1", intact: Bool = true) -> Int? {
      MessageFraming(fields: fields.map { .init(name: $0.0, value: Array($0.1.utf8)) })
        .rejection(version: version, valuesIntact: intact)?.status
    }
    #expect(rejection([("Host", "x")]) == nil)
    #expect(rejection([("Host", "x"), ("Transfer-Encoding", "Chunked")]) == nil)
    #expect(rejection([("Host", "x"), ("Content-Length", "5"), ("content-length", "5")]) == nil)
    #expect(rejection([]) == 400)
    #expect(rejection([], version: "HTTP/1.0") == nil)
    #expect(rejection([("Host", "x"), ("Host", "y")]) == 400)
    #expect(rejection([("Host", "x")], intact: false) == 400)
    #expect(rejection([("Host", "x"), ("Transfer-Encoding", "chunked"), ("Content-Length", "1")]) == 400)
    #expect(rejection([("Host", "x"), ("Transfer-Encoding", "gzip, chunked")]) == 501)
    #expect(
      rejection([("Host", "x"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")]) == 501)
    #expect(rejection([("Transfer-Encoding", "chunked")], version: "HTTP/1.0") == 400)
    #expect(rejection([("Host", "x"), ("Content-Length", "+5")]) == 400)
    #expect(rejection([("Host", "x"), ("Content-Length", "")]) == 400)
    #expect(rejection([("Host", "x\r")]) == 400)
  }
}
