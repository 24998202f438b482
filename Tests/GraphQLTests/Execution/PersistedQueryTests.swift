import Foundation
import GraphQL
import GraphQLWire
import Testing

/// Automatic persisted queries as the pipeline's first stage, with the exact answers Apollo's
/// clients match, and the SHA-256 that names a document.
@Suite struct PersistedQueryTests {
  private func processor(store: (any PersistedQueryStore)? = InMemoryPersistedQueryStore())
    throws -> GraphQLRequestProcessor<Void>
  {
    GraphQLRequestProcessor(
      schema: try ExecutionFixture.executable(), persistedOperations: PersistedOperations(automatic: store))
  }

  private func request(_ query: String, hash: String, version: JSON = .int(1)) -> GraphQLRequest {
    GraphQLRequest(
      query: query,
      extensions: ["persistedQuery": .object(["version": version, "sha256Hash": .string(hash)])])
  }

  private func body(_ response: GraphQLResponse) -> String { String(decoding: response.body, as: UTF8.self) }

  @Test func sha256MatchesTheStandardsVectors() {
    #expect(SHA256.hexDigest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hexDigest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func sha256AgreesWithCoreutilsOnLongerTexts() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Lengths around the 55/56/64-byte padding edges, several blocks, and non-ASCII text.
    for length in [55, 56, 63, 64, 65, 119, 120, 1000, 4099] {
      let text = String((0..<length).map { Character(UnicodeScalar(UInt8(33 + ($0 * 7) % 90))) }) + "é"
      let file = directory.appendingPathComponent("\(length)")
      try Data(text.utf8).write(to: file)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
      process.arguments = [file.path]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      process.waitUntilExit()
      let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(SHA256.hexDigest(text) == String(line.prefix(64)), "length \(length)")
    }
  }

  @Test func anUnknownHashIsNotFoundWithApollosExactAnswer() throws {
    let response = try processor().process(request("", hash: SHA256.hexDigest("{ hello }")), context: ())
    #expect(response.outcome == .persistedQueryNotFound)
    #expect(
      body(response)
        == #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#
    )
  }

  @Test func theTextWithItsHashRegistersAndTheHashAloneThenRuns() throws {
    let store = InMemoryPersistedQueryStore()
    let processor = try processor(store: store)
    let query = "{ hello number }"
    let hash = SHA256.hexDigest(query)
    let first = processor.process(
      request(query, hash: hash), context: (), rootValue: ExecutionFixture.rootValue)
    #expect(body(first) == #"{"data":{"hello":"world","number":5}}"#)
    #expect(store.count == 1)
    let second = processor.process(
      request("", hash: hash), context: (), rootValue: ExecutionFixture.rootValue)
    #expect(second.outcome == .executed)
    #expect(body(second) == #"{"data":{"hello":"world","number":5}}"#)
  }

  @Test func aHashThatIsNotTheTextsIsRefusedAndNothingIsStored() throws {
    let store = InMemoryPersistedQueryStore()
    let response = try processor(store: store).process(
      request("{ hello }", hash: SHA256.hexDigest("{ number }")), context: ())
    #expect(response.outcome == .persistedQueryInvalid)
    #expect(
      body(response)
        == #"{"errors":[{"message":"provided sha does not match query","extensions":{"code":"BAD_REQUEST"}}]}"#
    )
    #expect(store.count == 0)
  }

  @Test func onlyVersionOneIsSpoken() throws {
    let response = try processor().process(request("{ hello }", hash: "x", version: .int(2)), context: ())
    #expect(response.outcome == .persistedQueryInvalid)
    #expect(body(response).contains("Unsupported persisted query version"))
  }

  @Test func aServerWithoutAStoreSaysItIsNotSupported() throws {
    let response = try processor(store: nil).process(request("", hash: "abc"), context: ())
    #expect(response.outcome == .persistedQueryNotSupported)
    #expect(
      body(response)
        == #"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#
    )
    // A request without the extension runs as before.
    #expect(
      try processor(store: nil).process(GraphQLRequest(query: "{ __typename }"), context: ()).outcome
        == .executed)
  }

  @Test func theStoreKeepsItsBoundsLeastRecentlyUsedOut() {
    let byEntries = InMemoryPersistedQueryStore(maxEntries: 2, maxBytes: 1 << 20)
    byEntries.register("a", forHash: "1")
    byEntries.register("b", forHash: "2")
    #expect(byEntries.query(forHash: "1") == "a")  // now the most recently used
    byEntries.register("c", forHash: "3")  // evicts "2"
    #expect(byEntries.query(forHash: "2") == nil)
    #expect(byEntries.query(forHash: "1") == "a")
    #expect(byEntries.count == 2)

    let byBytes = InMemoryPersistedQueryStore(maxEntries: 100, maxBytes: 10)
    byBytes.register("12345", forHash: "a")
    byBytes.register("67890", forHash: "b")
    byBytes.register("xyz", forHash: "c")  // 13 bytes would be over: "a" goes
    #expect(byBytes.query(forHash: "a") == nil)
    #expect(byBytes.byteCount == 8)
    byBytes.register(String(repeating: "z", count: 11), forHash: "big")  // larger than the whole store
    #expect(byBytes.query(forHash: "big") == nil)
    #expect(byBytes.query(forHash: "b") == "67890")
  }

  /// A manifest in Apollo's format of `bodies`.
  private func manifest(_ bodies: [String]) -> [UInt8] {
    let operations = bodies.map { body in
      JSON.object([
        "id": .string(SHA256.hexDigest(body)), "body": .string(body), "name": .string("Q"),
        "type": .string("query"),
      ])
    }
    return Array(
      JSON.object([
        "format": .string("apollo-persisted-query-manifest"), "version": .int(1),
        "operations": .array(operations),
      ]).encodedString.utf8)
  }

  @Test func trustedDocumentsRunByIdWithoutParsingAndOnlyThemWhenSafelisting() throws {
    let executable = try ExecutionFixture.executable()
    let trusted = try TrustedDocuments(manifest: manifest(["{ hello }"]), schema: executable.schema)
    #expect(trusted.count == 1)
    let cache = DocumentCache()
    let safelisting = GraphQLRequestProcessor(
      schema: executable, cache: cache,
      persistedOperations: PersistedOperations(trusted: trusted, trustedOnly: true))
    let byID = safelisting.process(
      request("", hash: SHA256.hexDigest("{ hello }")), context: (), rootValue: ExecutionFixture.rootValue)
    #expect(body(byID) == #"{"data":{"hello":"world"}}"#)
    #expect(cache.statistics.hits + cache.statistics.misses == 0)
    // Valid GraphQL that is not in the list, by text or by an unknown hash.
    for refused in [
      GraphQLRequest(query: "{ number }"), request("{ number }", hash: SHA256.hexDigest("{ number }")),
    ] {
      let response = safelisting.process(refused, context: ())
      #expect(response.outcome == .persistedQueryNotInList)
      #expect(
        body(response)
          == #"{"errors":[{"message":"This server runs only its trusted documents, and this operation is not one of them.","extensions":{"code":"PERSISTED_QUERY_NOT_IN_LIST"}}]}"#
      )
    }
    // Without safelisting the manifest answers its ids and everything else runs as before.
    let open = GraphQLRequestProcessor(
      schema: executable, persistedOperations: PersistedOperations(trusted: trusted))
    #expect(open.process(request("", hash: SHA256.hexDigest("{ hello }")), context: ()).outcome == .executed)
    #expect(open.process(GraphQLRequest(query: "{ number }"), context: ()).outcome == .executed)
  }

  @Test func aManifestThatCannotServeIsRefusedAtStartNamingWhy() throws {
    let schema = try ExecutionFixture.executable().schema
    func problem(_ manifest: [UInt8]) -> String {
      do {
        _ = try TrustedDocuments(manifest: manifest, schema: schema)
        return "accepted"
      } catch {
        return error.description
      }
    }
    #expect(problem(Array("{}".utf8)).contains("not in Apollo's format"))
    #expect(problem(manifest(["{ nope }"])).contains("operation Q does not validate against the schema"))
    #expect(problem(manifest(["{ hello"])).contains("operation Q does not parse"))
    let forged = String(decoding: manifest(["{ hello }"]), as: UTF8.self)
      .replacingOccurrences(of: SHA256.hexDigest("{ hello }"), with: SHA256.hexDigest("{ number }"))
    #expect(problem(Array(forged.utf8)).contains("is not the SHA-256 of its body"))
  }
}
