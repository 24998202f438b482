import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `serve` answers in gzip when the client allows it: a 100-launch page decompresses (by gzip(1))
/// to the very JSON of the uncompressed answer; small answers stay identity; the program's own
/// client, which asks for gzip, gets the same data.
@Suite struct ServeCompressionTests {
  static let page =
    #"{"query":"{ launches(pageSize: 100) { cursor hasMore launches { id site mission { name } rocket { name } } } }"}"#

  /// A POST of `body` on a connection of its own: the head and the raw body bytes.
  static func post(_ body: String, port: UInt16, acceptEncoding: String?) throws -> (
    head: String, body: [UInt8]
  ) {
    let connection = try RawHTTPConnection(port: port, readTimeoutSeconds: 60)
    let accept = acceptEncoding.map { "Accept-Encoding: \($0)\r\n" } ?? ""
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\(accept)"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    let bytes = connection.readToEnd().bytes
    let separator: [UInt8] = [13, 10, 13, 10]
    let end = try #require(bytes.indices.first { bytes[$0...].starts(with: separator) })
    return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[(end + 4)...]))
  }

  /// `bytes` decompressed by gzip(1).
  static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    Array(try gzipTool(["-dc"], input: Data(bytes)))
  }

  @Test func aPageInGzipIsTheSameJSON() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-gzip")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let plain = try Self.post(Self.page, port: server.port, acceptEncoding: nil)
    #expect(!plain.head.contains("Content-Encoding"))
    let zipped = try Self.post(Self.page, port: server.port, acceptEncoding: "gzip, deflate")
    #expect(zipped.head.contains("Content-Encoding: gzip"))
    #expect(zipped.head.contains("Vary: Accept-Encoding"))
    #expect(zipped.body.count * 4 < plain.body.count, "\(zipped.body.count) of \(plain.body.count)")
    let decoded = try Self.gunzip(zipped.body)
    #expect(decoded == plain.body)
    let json = try JSON(parsing: decoded)
    #expect(json["data"]?["launches"]?["launches"]?[99]?["id"] != nil)
    // A small answer, and a client that refuses gzip: identity.
    let small = try Self.post(#"{"query":"{ totalTripsBooked }"}"#, port: server.port, acceptEncoding: "gzip")
    #expect(
      !small.head.contains("Content-Encoding")
        && small.body == Array(#"{"data":{"totalTripsBooked":0}}"#.utf8))
    let refused = try Self.post(Self.page, port: server.port, acceptEncoding: "gzip;q=0")
    #expect(!refused.head.contains("Content-Encoding") && refused.body == plain.body)
  }

  @Test func theProgramsClientDecodesWhatItAskedFor() throws {
    let directory = try TemporaryDirectory(prefix: "serve-gzip-client")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = directory.child("client-config")
    environment["XDG_STATE_HOME"] = directory.child("client-state")
    environment["XDG_DATA_HOME"] = directory.child("client-data")
    environment["XDG_CACHE_HOME"] = directory.child("client-cache")
    let result = try runProcess(
      BuiltProduct.rocketReserver,
      ["--endpoint", server.endpoint.absoluteString, "--json", "launches", "--page-size", "100"],
      environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let printed = try JSON(parsing: result.standardOutput)
    let plain = try JSON(parsing: try Self.post(Self.page, port: server.port, acceptEncoding: nil).body)
    let last = try #require(plain["data"]?["launches"]?["launches"]?[99]?["id"])
    #expect(printed["launches"]?["launches"]?[99]?["id"] == last, "\(result.standardOutput.prefix(200))")
  }
}
