import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// gzip for buffered answers (computed or decided at once) of at least the minimum, when the
/// request's `Accept-Encoding` allows it; identity for the rest, and never for a stream.
@Suite struct CompressionTests {
  /// A JSON text of about 6 KB, compressible like a page of launches.
  static let big = Array(
    ("["
      + (0..<100).map { #"{"id":"\#($0)","site":"CCAFS SLC 40","name":"Starlink-\#($0)"}"# }
      .joined(separator: ",") + "]").utf8)

  struct BigRouter: HTTPRouter {
    let commonHeaders: [HTTPHeaderField] = []

    func route(_ head: some HTTPRequestHead) -> HTTPResponder {
      switch head.path {
      case "/computed": return .compute { Self.json(CompressionTests.big) }
      case "/now": return .respond(Self.json(CompressionTests.big))
      case "/small": return .respond(Self.json(Array(#"{"ok":true}"#.utf8)))
      case "/stream":
        let framing = StreamFraming(
          contentType: "application/json", opening: [], heartbeat: [], stalledEnding: [], end: [])
        return .stream(framing: framing) { body in
          body.append(CompressionTests.big)
          body.finish()
        }
      default: return .respond(error(404, "no"))
      }
    }

    static func json(_ bytes: [UInt8]) -> BufferedResponse {
      BufferedResponse(status: 200, contentType: "application/json", body: bytes)
    }
    func error(_ status: Int, _ message: String) -> BufferedResponse {
      BufferedResponse(status: status, contentType: "text/plain", body: Array(message.utf8))
    }
    func starting() throws(HTTPServerError) {}
    func stopping() {}
  }

  /// One request on a connection of its own: the head and the body's raw bytes.
  static func fetch(_ path: String, port: UInt16, acceptEncoding: String?) throws -> (
    head: String, body: [UInt8]
  ) {
    let connection = try RawHTTPConnection(port: port)
    let accept = acceptEncoding.map { "Accept-Encoding: \($0)\r\n" } ?? ""
    connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(accept)Connection: close\r\n\r\n")
    let bytes = connection.readToEnd().bytes
    let separator: [UInt8] = [13, 10, 13, 10]
    let end = try #require(bytes.indices.first { bytes[$0...].starts(with: separator) })
    return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[(end + 4)...]))
  }

  /// `bytes` decompressed by gzip(1), an implementation independent of the server's.
  static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    Array(try gzipTool(["-dc"], input: Data(bytes)))
  }

  private static func server(gzipMinimumBytes: Int? = 1024) throws -> (HTTPServer, UInt16) {
    var configuration = HTTPServerConfiguration(threads: 2, drainTimeoutSeconds: 1)
    configuration.gzipMinimumBytes = gzipMinimumBytes
    let server = HTTPServer(
      router: BigRouter(), configuration: configuration, accessLog: DiscardingAccessLog())
    try server.start()
    return (server, try #require(server.port))
  }

  @Test(arguments: ["/computed", "/now"])
  func largeAnswersGoOutInGzipAndDecompressToTheSameBytes(path: String) throws {
    let (server, port) = try Self.server()
    defer { server.stop() }
    let plain = try Self.fetch(path, port: port, acceptEncoding: nil)
    #expect(plain.body == Self.big)
    #expect(!plain.head.contains("Content-Encoding"))
    #expect(plain.head.contains("Vary: Accept-Encoding"))
    let zipped = try Self.fetch(path, port: port, acceptEncoding: "br;q=1.0, gzip;q=0.8")
    #expect(zipped.head.contains("Content-Encoding: gzip"))
    #expect(zipped.head.contains("Vary: Accept-Encoding"))
    #expect(zipped.head.contains("Content-Length: \(zipped.body.count)"))
    #expect(zipped.body.count * 4 < Self.big.count)
    #expect(try Self.gunzip(zipped.body) == Self.big)
  }

  @Test func smallAnswersRefusalsAndStreamsStayIdentity() throws {
    let (server, port) = try Self.server()
    defer { server.stop() }
    let small = try Self.fetch("/small", port: port, acceptEncoding: "gzip")
    #expect(small.body == Array(#"{"ok":true}"#.utf8))
    #expect(!small.head.contains("Content-Encoding") && small.head.contains("Vary: Accept-Encoding"))
    for refusal in ["gzip;q=0", "identity", "gzip;q=0.000, *;q=1", "", "deflate"] {
      let answer = try Self.fetch("/computed", port: port, acceptEncoding: refusal)
      #expect(answer.body == Self.big, "Accept-Encoding: \(refusal)")
      #expect(!answer.head.contains("Content-Encoding"), "Accept-Encoding: \(refusal)")
    }
    let stream = try Self.fetch("/stream", port: port, acceptEncoding: "gzip")
    #expect(!stream.head.contains("Content-Encoding"))
    #expect(String(decoding: stream.body, as: UTF8.self).contains("Starlink-99"))
  }

  @Test func aServerThatDoesNotCompressSaysNothingOfIt() throws {
    let (server, port) = try Self.server(gzipMinimumBytes: nil)
    defer { server.stop() }
    let answer = try Self.fetch("/computed", port: port, acceptEncoding: "gzip")
    #expect(answer.body == Self.big)
    #expect(!answer.head.contains("Content-Encoding") && !answer.head.contains("Vary"))
  }

  @Test(arguments: [
    ("gzip", true), ("GZIP", true), ("x-gzip", true), ("deflate, gzip", true), ("gzip;q=0.5", true),
    ("gzip ; q=1", true), ("*", true), ("*;q=0.1", true), ("gzip;q=0", false), ("gzip;q=0.0", false),
    ("gzip;Q=0.000", false), ("*;q=0", false), ("gzip;q=0, *", false), ("identity", false), ("", false),
    ("br, deflate", false), ("gzipped", false), (",, gzip ,", true), ("gzip;;q=0", false),
    ("gzip;q=0;", false), ("gzip;level=1;q=1", true), ("gzip;q = 0", false), ("\tgzip\t", true), (";", false),
    ("deflate;q=0,gzip", true), ("gzip,gzip;q=0", true),
  ])
  func acceptEncodingWeights(value: String, allowsGzip: Bool) {
    #expect(AcceptEncoding.allowsGzip(value) == allowsGzip)
  }

  @Test func noHeaderAllowsOnlyIdentity() {
    #expect(!AcceptEncoding.allowsGzip(nil))
  }
}
