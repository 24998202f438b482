import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// The explorer's HTTP side, with curl: who gets the page, its security and caching headers, its
/// versioned assets in gzip, `--no-explorer`, and validation without execution.
@Suite(.serialized)
struct ExplorerHTTPTests {
  /// The answer on a connection of its own, the bytes as sent, to a client that sends `Accept: */*`
  /// (as curl does) unless `headers` say otherwise; with `data`, a POST of that JSON.
  static func get(_ url: String, headers: [String: String] = [:], data: String? = nil) throws -> HTTPAnswer {
    var fields = ["Accept": "*/*"].merging(headers) { $1 }
    if data != nil { fields["Content-Type"] = "application/json" }
    return try TestHTTP.sendWaiting(
      try #require(URL(string: url)), method: data == nil ? "GET" : "POST", headers: fields,
      body: data.map { Array($0.utf8) },
      over: .socket)
  }

  static let browserAccept = ["Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"]

  @Test func aBrowserGetsThePageAndItsVersionedAssetsAGraphQLClientGetsGraphQL() throws {
    let directory = try TemporaryDirectory(prefix: "explorer-http")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let endpoint = server.endpoint.absoluteString
    let origin = endpoint.replacingOccurrences(of: "/graphql", with: "")

    let page = try Self.get(endpoint, headers: Self.browserAccept)
    #expect(page.status == 200)
    #expect(page.headers["content-type"] == "text/html; charset=utf-8")
    let policy = page.headers["content-security-policy"] ?? ""
    #expect(policy.contains("default-src 'self'"))
    #expect(!policy.contains("unsafe-inline"))
    #expect(page.headers["cache-control"] == "no-cache")
    #expect(!page.text.contains("<script>"))
    #expect(!page.text.contains("style="))
    // The root page and a shared link with a document get it too.
    #expect(try Self.get(origin + "/", headers: Self.browserAccept).text == page.text)
    let link = try Self.get(endpoint + "?query=%7B__typename%7D", headers: ["Accept": "text/html"])
    #expect(link.text == page.text)

    let assets = page.text.matches(of: /(?:src|href)="(\/explorer\/[^"]+)"/).map { String($0.1) }
    #expect(assets.count == 3)
    for asset in assets {
      #expect(asset.contains(/\.[0-9a-f]{16}\.(js|css)$/))
      let zipped = try Self.get(origin + asset, headers: ["Accept-Encoding": "gzip"])
      #expect(zipped.status == 200)
      #expect(zipped.headers["cache-control"] == "public, max-age=31536000, immutable")
      #expect(zipped.headers["content-encoding"] == "gzip")
      let plain = try Self.get(origin + asset)
      #expect(plain.headers["content-encoding"] == nil)
      #expect(plain.body.count > zipped.body.count)
    }
    #expect(try Self.get(origin + "/explorer/explorer.0000000000000000.js").status == 404)

    // Without text/html, the same URLs mean what they meant.
    let plainGet = try Self.get(endpoint, headers: ["Accept": "application/json"])
    #expect(plainGet.status == 400)
    #expect(plainGet.text.contains("Missing the \\\"query\\\" parameter"))
    let query = try Self.get(endpoint + "?query=%7B__typename%7D", headers: ["Accept": "*/*"])
    #expect(query.text == #"{"data":{"__typename":"Query"}}"#)
    let home = try Self.get(origin + "/")
    #expect(home.text.contains("RocketReserver GraphQL API"))
    let refused = try Self.get(endpoint, headers: ["Accept": "text/html;q=0, application/json"])
    #expect(refused.status == 400)
  }

  @Test func noExplorerAnswersABrowserWithGraphQL() throws {
    let directory = try TemporaryDirectory(prefix: "explorer-off")
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--no-explorer"])
    let page = try Self.get(server.endpoint.absoluteString, headers: Self.browserAccept)
    #expect(page.status == 400)
    #expect(page.headers["content-type"]?.hasPrefix("application/json") == true)
    let asset = try Self.get(
      server.endpoint.absoluteString.replacingOccurrences(of: "/graphql", with: "/explorer/explorer.js"))
    #expect(asset.status == 404)
  }

  @Test func aSafelistingServerHasNoExplorerAndValidatesNothingAlone() throws {
    let directory = try TemporaryDirectory(prefix: "explorer-safelist")
    let operations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Operations")
    let manifest = directory.child("manifest.json")
    let codegen = try runProcess(
      BuiltProduct.directory.appendingPathComponent("rocket-codegen"),
      [
        "--schema", operations.appendingPathComponent("schema.graphqls").path, "--manifest", manifest,
        operations.appendingPathComponent("TotalTripsBooked.graphql").path,
      ])
    #expect(codegen.status == 0)
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), options: ["--persisted-queries", manifest, "--persisted-only"])
    let page = try Self.get(server.endpoint.absoluteString, headers: Self.browserAccept)
    #expect(page.status == 400)
    #expect(page.headers["content-type"]?.hasPrefix("application/json") == true)
    let validation = try Self.get(
      server.endpoint.absoluteString, data: #"{"query":"{ nope }","extensions":{"validateOnly":true}}"#)
    #expect(validation.status == 400)
    #expect(validation.text.contains("does not validate documents alone"))
  }

  @Test func validateOnlyGivesTheServersMessagesWithoutRunning() throws {
    let directory = try TemporaryDirectory(prefix: "explorer-validate")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let endpoint = server.endpoint.absoluteString
    func validate(_ query: String) throws -> JSON {
      let body = JSON.object(["query": .string(query), "extensions": .object(["validateOnly": .bool(true)])])
      let answer = try Self.get(endpoint, data: String(decoding: body.encoded(), as: UTF8.self))
      #expect(answer.status == 200)
      return try JSON(parsing: answer.text)
    }
    let invalid = try validate("{\n  launches {\n    nope\n  }\n}")
    let error = invalid["errors"]?.arrayValue?.first
    #expect(error?["message"]?.stringValue?.contains("nope") == true)
    #expect(error?["locations"] == .array([.object(["line": .int(3), "column": .int(5)])]))
    let syntax = try validate("{ launches {")
    #expect(syntax["errors"]?.arrayValue?.count == 1)
    // A valid mutation is checked, not run: no token comes back.
    let valid = try validate(#"mutation { login(email: "v@example.com") { token } }"#)
    #expect(valid == .object(["data": .null, "extensions": .object(["valid": .bool(true)])]))
  }
}
