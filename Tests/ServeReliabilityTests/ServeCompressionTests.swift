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

  /// `bytes` decompressed by gzip(1).
  static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    Array(try gzipTool(["-dc"], input: Data(bytes)))
  }

  @Test func aPageInGzipIsTheSameJSON() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-gzip")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let plain = try await server.post(Self.page, over: .socket)
    #expect(!plain.head.contains("Content-Encoding"))
    let zipped = try await server.post(
      Self.page, headers: ["Accept-Encoding": "gzip, deflate"], over: .socket)
    #expect(zipped.head.contains("Content-Encoding: gzip"))
    #expect(zipped.head.contains("Vary: Accept-Encoding"))
    #expect(zipped.body.count * 4 < plain.body.count, "\(zipped.body.count) of \(plain.body.count)")
    let decoded = try Self.gunzip(zipped.body)
    #expect(decoded == plain.body)
    let json = try JSON(parsing: decoded)
    #expect(json["data"]?["launches"]?["launches"]?[99]?["id"] != nil)
    // A small answer, and a client that refuses gzip: identity.
    let small = try await server.post(
      #"{"query":"{ totalTripsBooked }"}"#, headers: ["Accept-Encoding": "gzip"], over: .socket)
    #expect(
      !small.head.contains("Content-Encoding")
        && small.body == Array(#"{"data":{"totalTripsBooked":0}}"#.utf8))
    let refused = try await server.post(Self.page, headers: ["Accept-Encoding": "gzip;q=0"], over: .socket)
    #expect(!refused.head.contains("Content-Encoding") && refused.body == plain.body)
  }

  @Test func theProgramsClientDecodesWhatItAskedFor() async throws {
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
    let plain = try JSON(parsing: try await server.post(Self.page, over: .socket).body)
    let last = try #require(plain["data"]?["launches"]?["launches"]?[99]?["id"])
    #expect(printed["launches"]?["launches"]?[99]?["id"] == last, "\(result.standardOutput.prefix(200))")
  }
}
