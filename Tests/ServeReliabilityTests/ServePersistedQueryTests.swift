import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Persisted operations through the real `serve` over HTTP, in the bytes Apollo's clients send
/// and expect: APQ over POST and GET (a miss at 200 that no cache keeps), the bound of the store,
/// and a safelisting server with the manifest `rocket-codegen --manifest` writes.
@Suite(.serialized) struct ServePersistedQueryTests {
  /// A GET of the endpoint with one query parameter, and `If-None-Match` when given.
  static func get(_ server: ServeProcess, _ name: String, _ value: String, ifNoneMatch: String? = nil)
    async throws -> HTTPAnswer
  {
    var components = try #require(URLComponents(url: server.endpoint, resolvingAgainstBaseURL: false))
    components.queryItems = [URLQueryItem(name: name, value: value)]
    let headers = ifNoneMatch.map { ["If-None-Match": $0] } ?? [:]
    return try await TestHTTP.send(try #require(components.url), headers: headers)
  }

  static func persisted(_ hash: String) -> String {
    #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
  }

  @Test func apqMissRegisterAndHitOverPostAndGet() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-apq")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let query = "{ totalTripsBooked }"
    let hash = SHA256.hexDigest(query)
    let miss = try await server.post(#"{"extensions":\#(Self.persisted(hash))}"#)
    #expect(miss.status == 200)
    #expect(
      miss.text
        == #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#
    )
    #expect(miss.headers["cache-control"] == "private, no-cache, must-revalidate")
    let registered = try await server.post(#"{"query":"\#(query)","extensions":\#(Self.persisted(hash))}"#)
    #expect(registered.text == #"{"data":{"totalTripsBooked":0}}"#)
    let byPost = try await server.post(#"{"extensions":\#(Self.persisted(hash))}"#)
    #expect(byPost.text == #"{"data":{"totalTripsBooked":0}}"#)
    let byGet = try await Self.get(server, "extensions", Self.persisted(hash))
    #expect(byGet.status == 200)
    #expect(byGet.text == #"{"data":{"totalTripsBooked":0}}"#)
    let forged = try await server.post(#"{"query":"{ me { email } }","extensions":\#(Self.persisted(hash))}"#)
    #expect(forged.status == 400)
    #expect(forged.text.contains("provided sha does not match query"))
    #expect(server.terminate() == 0)
  }

  @Test func theStoreKeepsOnlyWhatItsBoundAllows() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-apq")
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), options: ["--apq-max-entries", "1"])
    let first = "{ totalTripsBooked }"
    let second = "{ __typename }"
    for query in [first, second] {
      let answer = try await server.post(
        #"{"query":"\#(query)","extensions":\#(Self.persisted(SHA256.hexDigest(query)))}"#)
      #expect(answer.text.hasPrefix(#"{"data":"#))
    }
    let evicted = try await server.post(#"{"extensions":\#(Self.persisted(SHA256.hexDigest(first)))}"#)
    #expect(evicted.text.contains("PersistedQueryNotFound"))
    let kept = try await server.post(#"{"extensions":\#(Self.persisted(SHA256.hexDigest(second)))}"#)
    #expect(kept.text == #"{"data":{"__typename":"Query"}}"#)
    #expect(server.terminate() == 0)
  }

  @Test func aSafelistingServerRunsTheBuildsManifestAndNothingElse() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-apq")
    let operations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Operations")
    let files = try FileManager.default.contentsOfDirectory(atPath: operations.path)
      .filter { $0.hasSuffix(".graphql") }.map { operations.appendingPathComponent($0).path }
    let manifest = directory.child("manifest.json")
    let codegen = try runProcess(
      BuiltProduct.directory.appendingPathComponent("rocket-codegen"),
      ["--schema", operations.appendingPathComponent("schema.graphqls").path, "--manifest", manifest] + files)
    #expect(codegen.status == 0)
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), options: ["--persisted-queries", manifest, "--persisted-only"])
    let entries = try #require(
      try JSON(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: manifest))))["operations"]?.arrayValue
    )
    let launchList = try #require(entries.first { $0["name"] == .string("LaunchList") })
    let id = try #require(launchList["id"]?.stringValue)
    let trusted = try await server.post(#"{"extensions":\#(Self.persisted(id))}"#)
    #expect(trusted.status == 200)
    #expect(trusted.text.hasPrefix(#"{"data":{"launches":"#))
    // Valid GraphQL, by text and by a hash the manifest does not hold.
    let freeText = try await server.post(#"{"query":"{ totalTripsBooked }"}"#)
    #expect(freeText.status == 400)
    #expect(freeText.text.contains("PERSISTED_QUERY_NOT_IN_LIST"))
    let unknown = try await server.post(
      #"{"extensions":\#(Self.persisted(SHA256.hexDigest("{ totalTripsBooked }")))}"#)
    #expect(unknown.status == 400)
    #expect(unknown.text.contains("PERSISTED_QUERY_NOT_IN_LIST"))
    // The program's own client sends hashes only, all in the manifest: it works there; with
    // --no-apq it sends texts, which this server refuses.
    let home = directory.child("home")
    let client = try Self.client(
      home: home, ["--endpoint", server.endpoint.absoluteString, "-v", "launch", "5"])
    #expect(client.status == 0, "\(client.standardError)")
    #expect(client.standardOutput.contains("FalconSat") || client.standardOutput.contains("5"))
    #expect(client.standardError.contains("GET \(server.endpoint.absoluteString) LaunchDetails: 200"))
    #expect(!client.standardError.contains("POST"))
    let plain = try Self.client(
      home: home, ["--endpoint", server.endpoint.absoluteString, "--no-apq", "launch", "5"])
    #expect(plain.status != 0)
    #expect(
      plain.standardError.contains("runs only its trusted documents, and this operation is not one of them"),
      "\(plain.standardError)")
    #expect(server.terminate() == 0)
  }

  @Test func getsCarryTheSchemasCachePolicyAnETagAndRevalidateTo304() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-cache-control")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    // The catalog: public for a minute; isBooked depends on the caller: private.
    let catalog = try await Self.get(server, "query", "{ launch(id: 5) { id site mission { name } } }")
    #expect(catalog.status == 200)
    #expect(catalog.headers["cache-control"] == "max-age=60, public")
    let tag = try #require(catalog.headers["etag"])
    #expect(tag.count == 34 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
    let personal = try await Self.get(server, "query", "{ launch(id: 5) { id isBooked } }")
    #expect(personal.headers["cache-control"] == "max-age=60, private")
    #expect(
      try await Self.get(server, "query", "{ totalTripsBooked }").headers["cache-control"]
        == "max-age=5, public")
    #expect(try await Self.get(server, "query", "{ me { email } }").headers["cache-control"] == "no-store")
    // Errors are kept by no cache.
    let failed = try await Self.get(server, "query", "{ launches(pageSize: 0) { cursor } }")
    #expect(failed.headers["cache-control"] == "no-store")
    // Revalidation: the same tag gives 304 without a body, any other the answer.
    let notModified = try await Self.get(
      server, "query", "{ launch(id: 5) { id site mission { name } } }", ifNoneMatch: "\"other\", W/\(tag)")
    #expect(notModified.status == 304)
    #expect(notModified.text.isEmpty)
    #expect(notModified.headers["etag"] == tag)
    #expect(notModified.headers["cache-control"] == "max-age=60, public")
    let changed = try await Self.get(
      server, "query", "{ launch(id: 5) { id site mission { name } } }", ifNoneMatch: "\"other\"")
    #expect(changed.status == 200)
    #expect(changed.text == catalog.text)
    // A POST's answer carries no caching fields.
    let posted = try await server.post(#"{"query":"{ launch(id: 5) { id } }"}"#)
    #expect(posted.headers["cache-control"] == nil)
    #expect(server.terminate() == 0)
  }

  @Test func aHashRegisteredOnOnePostgresInstanceIsKnownToAnother() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-apq-pg")
    let url = try PostgresCluster.shared().createDatabase()
    let a = try ServeProcess(
      dataDirectory: directory.child("a"), database: url, options: ["--apq-max-entries", "2"])
    let b = try ServeProcess(
      dataDirectory: directory.child("b"), database: url, options: ["--apq-max-entries", "2"])
    let queries = ["{ totalTripsBooked }", "{ launch(id: 1) { id } }", "{ launch(id: 2) { id } }"]
    let first = queries[0]
    let hash = SHA256.hexDigest(first)
    #expect(
      try await b.post(#"{"extensions":\#(Self.persisted(hash))}"#).text.contains(
        "PersistedQueryNotFound"))
    let registered = try await a.post(#"{"query":"\#(first)","extensions":\#(Self.persisted(hash))}"#)
    #expect(registered.text == #"{"data":{"totalTripsBooked":0}}"#)
    // B never saw the text: it finds it in the table, by GET as a cache would ask.
    let fromB = try await Self.get(b, "extensions", Self.persisted(hash))
    #expect(fromB.status == 200)
    #expect(fromB.text == #"{"data":{"totalTripsBooked":0}}"#)
    // The table keeps the two newest registrations: the first goes once two more are made, and
    // an instance that never held it in memory no longer knows it.
    for query in queries.dropFirst() {
      let escaped = query.replacingOccurrences(of: "\"", with: "\\\"")
      let answer = try await a.post(
        #"{"query":"\#(escaped)","extensions":\#(Self.persisted(SHA256.hexDigest(query)))}"#)
      #expect(answer.status == 200 && answer.text.hasPrefix(#"{"data":"#), "\(answer.text)")
    }
    let c = try ServeProcess(dataDirectory: directory.child("c"), database: url)
    let evicted = try await c.post(#"{"extensions":\#(Self.persisted(hash))}"#)
    #expect(evicted.text.contains("PersistedQueryNotFound"))
    let kept = try await c.post(#"{"extensions":\#(Self.persisted(SHA256.hexDigest(queries[2])))}"#)
    #expect(kept.text == #"{"data":{"launch":{"id":"2"}}}"#)
    #expect(c.terminate() == 0)
    #expect(b.terminate() == 0)
    #expect(a.terminate() == 0)
  }

  /// Runs the `rocket-reserver` client with its files in `home`.
  static func client(home: String, _ arguments: [String]) throws -> ProcessResult {
    try runProcess(
      BuiltProduct.directory.appendingPathComponent("rocket-reserver"), arguments,
      environment: [
        "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
        "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "NO_COLOR": "1",
      ])
  }

  @Test func theClientSendsAHashFirstAndItsTextOnlyOnceAsVerboseShows() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-apq-client")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let endpoint = server.endpoint.absoluteString
    let home = directory.child("home")
    let first = try Self.client(home: home, ["--endpoint", endpoint, "-v", "launch", "5"])
    #expect(first.status == 0, "\(first.standardError)")
    // The requests' lines; the text goes twice, first refused for the onError value no server
    // defines (serve honours onError), then with onError NULL (-v says so on a line of its own).
    let lines = first.standardError.split(separator: "\n").map(String.init).filter { !$0.contains("onError") }
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first?.hasPrefix("rocket-reserver: GET \(endpoint) LaunchDetails: 200, 99 bytes, ") == true)
    #expect(lines.last?.hasPrefix("rocket-reserver: POST \(endpoint) LaunchDetails: 200, ") == true)
    // A new process, the same server: the hash alone, by GET, answered in full.
    let second = try Self.client(home: home, ["--endpoint", endpoint, "-v", "launch", "5"])
    #expect(second.status == 0)
    #expect(second.standardOutput == first.standardOutput)
    let again = second.standardError.split(separator: "\n").filter { !$0.contains("onError") }
    #expect(again.count == 1, "\(again)")
    #expect(again.first?.hasPrefix("rocket-reserver: GET \(endpoint) LaunchDetails: 200, ") == true)
    #expect(again.first?.contains(" 99 bytes") == false)
    // --no-apq: the text by POST, as before.
    let plain = try Self.client(home: home, ["--endpoint", endpoint, "--no-apq", "-v", "launch", "5"])
    #expect(plain.standardOutput == first.standardOutput)
    #expect(plain.standardError.contains("rocket-reserver: POST \(endpoint) LaunchDetails: 200, "))
    // A server with APQ turned off: one hashed try, then the text for the rest of the session.
    let off = try ServeProcess(dataDirectory: directory.child("data-off"), options: ["--no-apq"])
    let fallback = try Self.client(
      home: home, ["--endpoint", off.endpoint.absoluteString, "-v", "-c", "launch 5; launch 6"])
    #expect(fallback.status == 0, "\(fallback.standardError)")
    let reported = fallback.standardError.split(separator: "\n")
    // -v says once that the server takes no persisted queries, beside the requests.
    #expect(reported.filter { $0.contains("does not take persisted queries") }.count == 1)
    let methods = reported.filter { !$0.contains("persisted queries") && !$0.contains("onError") }.map {
      $0.split(separator: " ")[1]
    }
    // The hash, the text refused for its onError value, the text with NULL; launch 6 with NULL.
    #expect(methods == ["GET", "POST", "POST", "POST"], "\(fallback.standardError)")
    #expect(off.terminate() == 0)
    #expect(server.terminate() == 0)
  }
}
