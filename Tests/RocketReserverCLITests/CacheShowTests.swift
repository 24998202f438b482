import Foundation
import GraphQL
import GraphQLWire
import SQLite
import TestSupport
import Testing

/// Cache ages and `cache show` through the real binary against a real `serve` on an ephemeral
/// port: an answer past its max-age said to be stale when the server is stopped, a record's
/// fields with their ages and writers (text and JSON), an answer's `Cache-Control` lowering the
/// schema's max-age (from a stub, whose header can be anything), escaped values, what a query
/// would be read from, and a cache file of the previous schema opened without losing a record.
@Suite struct CacheShowTests {
  static func run(_ fixture: ShellFixture, _ endpoint: URL, _ words: [String]) throws -> ProcessResult {
    try fixture.run(["--endpoint", endpoint.absoluteString] + words)
  }

  /// The non-empty cells of the rows of a `cache show` table whose first cell is `first`.
  static func rows(_ output: String, _ first: String) -> [[String]] {
    output.split(separator: "\n").map { line in
      line.split(separator: "  ", omittingEmptySubsequences: true).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }.filter { $0.first == first }
  }

  /// The cells of the first row of `field` in a `cache show` table.
  static func row(_ output: String, _ field: String) -> [String]? { rows(output, field).first }

  @Test func anAnswerPastItsMaxAgeIsMarkedStaleWhenTheServerIsStopped() throws {
    let fixture = try ShellFixture()
    var served: ServeProcess? = try fixture.serve()
    let endpoint = try #require(served?.endpoint)
    #expect(try Self.run(fixture, endpoint, ["login", "ages@example.com"]).status == 0)
    // `me` has `@cacheControl(maxAge: 0)`: the trips are kept, but stale at once.
    let online = try Self.run(fixture, endpoint, ["-c", "book 42; trips"])
    #expect(online.status == 0)
    served = nil

    let offline = try Self.run(fixture, endpoint, ["trips"])
    #expect(offline.status == 0)
    #expect(offline.standardOutput.contains("42"))
    #expect(offline.standardError.hasPrefix("rocket-reserver: offline: showing what was cached "))
    #expect(offline.standardError.hasSuffix(" ago (stale)\n"))
    #expect(offline.standardError.split(separator: "\n").count == 1)
  }

  @Test func cacheShowPrintsEachFieldWithItsAgeMaxAgeAndWriter() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint
    #expect(try Self.run(fixture, endpoint, ["launch", "42"]).status == 0)

    let shown = try Self.run(fixture, endpoint, ["cache", "show", "Launch:42"])
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(
      shown.standardOutput.hasPrefix(
        "record Launch:42 in the cache of \(endpoint.absoluteString) (not logged in)\n"))
    let site = try #require(Self.row(shown.standardOutput, "site"))
    #expect(site.count == 6)
    #expect(site[1] == "\"KSC LC 39A\"")
    #expect(site[3] == "60 seconds")
    #expect(site[4] == "fresh")
    #expect(site[5] == "LaunchDetails")
    #expect(Self.row(shown.standardOutput, "rocket")?[1] == "→ Rocket:falcon9")

    let json = try Self.run(fixture, endpoint, ["cache", "show", "Launch:42", "--json"])
    #expect(json.status == 0)
    let document = try JSON(parsing: json.standardOutput)
    #expect(document["record"]?["key"] == .string("Launch:42"))
    let fields = try #require(document["record"]?["fields"]?.arrayValue)
    let isBooked = try #require(fields.first { $0["field"] == .string("isBooked") })
    #expect(isBooked["value"] == .bool(false))
    #expect(isBooked["maxAgeSeconds"] == .int(60))
    #expect(isBooked["stale"] == .bool(false))
    #expect(isBooked["writtenBy"] == .string("LaunchDetails"))
    #expect(
      fields.first { $0["field"] == .string("rocket") }?["value"]
        == .object(["$ref": .string("Rocket:falcon9")]))

    let unknown = try Self.run(fixture, endpoint, ["cache", "show", "Launch:999"])
    #expect(unknown.status == 69)
    #expect(
      unknown.standardError.hasPrefix("rocket-reserver: cache show: no record Launch:999 in the cache of "))
    #expect(try Self.run(fixture, endpoint, ["cache", "show"]).status == 2)
    let embedded = try fixture.run(["cache", "show", "Launch:42"])
    #expect(embedded.status == 2)
    #expect(embedded.standardError.contains("the embedded backend's answers are not cached"))
    #expect(try Self.run(fixture, endpoint, ["cache", "clear", "Launch:42"]).status == 2)
  }

  @Test func anAnswersCacheControlLowersTheSchemasMaxAge() throws {
    let fixture = try ShellFixture()
    // `totalTripsBooked` says 5 seconds; each answer says less. (The state of the 2-second one
    // is not checked: a slow machine may take that long between the two commands.)
    for (header, maxAge) in [("max-age=2, private", "2 seconds"), ("no-store", "0 seconds")] {
      let stub = try LoopbackHTTPStub(
        response: LoopbackHTTPStub.Response(
          headers: ["Content-Type": "application/json", "Cache-Control": header],
          body: Data(#"{"data":{"totalTripsBooked":7}}"#.utf8)))
      #expect(try Self.run(fixture, stub.url(), ["total"]).status == 0)
      let shown = try Self.run(fixture, stub.url(), ["cache", "show", "QUERY_ROOT"])
      let row = try #require(Self.row(shown.standardOutput, "totalTripsBooked"), "\(shown.standardOutput)")
      #expect(row.count == 6)
      #expect(row[3] == maxAge)
      #expect(row[5] == "TotalTripsBooked")
      if maxAge == "0 seconds" { #expect(row[4] == "stale") }
    }
  }

  @Test func aValueWithEscapeSequencesIsShownEscaped() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint
    #expect(try Self.run(fixture, endpoint, ["launch", "42"]).status == 0)
    // As a hostile server's answer would have stored it.
    do {
      let connection = try Connection(path: CacheCommandTests.cacheFile(fixture))
      defer { connection.close() }
      try connection.execute(
        "UPDATE records SET fields = json_set(fields, '$.site', 'KSC' || char(27) || '[2J' || char(10) || 'x') WHERE key = 'Launch:42'"
      )
    }
    let shown = try Self.run(fixture, endpoint, ["cache", "show", "Launch:42"])
    #expect(shown.status == 0)
    #expect(!shown.standardOutput.utf8.contains(0x1B))
    #expect(Self.row(shown.standardOutput, "site")?[1] == #""KSC\u001b[2J\nx""#)
  }

  @Test func cacheShowQueryListsTheFieldsAnAnswerIsReadFromAndWhatIsMissing() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint
    #expect(try Self.run(fixture, endpoint, ["launch", "42"]).status == 0)

    let whole = try Self.run(fixture, endpoint, ["cache", "show", "--query", "launch(id: 42)"])
    #expect(whole.status == 0, "\(whole.standardError)")
    #expect(
      whole.standardOutput.hasPrefix(
        "answer from the cache of \(endpoint.absoluteString) (not logged in): complete and fresh\n"))
    for record in ["QUERY_ROOT", "Launch:42", "Launch:42.mission", "Rocket:falcon9"] {
      #expect(whole.standardOutput.contains("\n\(record) "), "\(record) in \(whole.standardOutput)")
    }

    let partly = try Self.run(
      fixture, endpoint,
      ["cache", "show", "--query", "launch(id: 42) { site mission { name missionPatch } }"])
    #expect(partly.status == 0)
    #expect(partly.standardOutput.contains(": incomplete: 1 part missing"))
    #expect(
      Self.rows(partly.standardOutput, "Launch:42.mission").contains([
        "Launch:42.mission", "missionPatch", "missing",
      ]))

    let json = try Self.run(
      fixture, endpoint, ["cache", "show", "--query", "{ launch(id: 41) { site } }", "--json"])
    #expect(json.status == 0)
    let document = try JSON(parsing: json.standardOutput)
    #expect(document["query"]?["complete"] == .bool(false))
    #expect(
      document["query"]?["missing"]
        == .array([.object(["key": .string("QUERY_ROOT"), "field": .string(#"launch({"id":"41"})"#)])]))

    let badField = try Self.run(fixture, endpoint, ["cache", "show", "--query", "launch(id: 42) { nope }"])
    #expect(badField.status == 2)
    #expect(badField.standardError == "rocket-reserver: cache show --query: Launch has no field nope\n")
    let badText = try Self.run(fixture, endpoint, ["cache", "show", "--query", "launch(id: "])
    #expect(badText.status == 2)
    #expect(badText.standardError.hasPrefix("rocket-reserver: cache show --query: cannot read the query: "))
  }

  @Test func aCacheFileOfThePreviousSchemaIsOpenedWithEveryRecord() throws {
    let fixture = try ShellFixture()
    var served: ServeProcess? = try fixture.serve()
    let endpoint = try #require(served?.endpoint)
    let online = try Self.run(fixture, endpoint, ["-c", "launch 42; launches --page-size 5"])
    #expect(online.status == 0)
    let counted = try Self.run(fixture, endpoint, ["cache"]).standardOutput
    // Back to schema 1's layout: no stamps column.
    let file = CacheCommandTests.cacheFile(fixture)
    do {
      let connection = try Connection(path: file)
      try connection.execute("ALTER TABLE records DROP COLUMN stamps; PRAGMA user_version = 1;")
      connection.close()
    }
    served = nil

    let offline = try Self.run(fixture, endpoint, ["launch", "42", "--cache", "cache-only"])
    #expect(offline.status == 0)
    #expect(offline.standardError == "")
    #expect(offline.standardOutput.contains("launch:   42"))
    let after = try Self.run(fixture, endpoint, ["cache"]).standardOutput
    let records = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("records:") } }
    #expect(records(after) == records(counted))
    // Its fields are as old as their records, with no max-age and no known writer.
    let shown = try Self.run(fixture, endpoint, ["cache", "show", "Launch:42"])
    #expect(Self.row(shown.standardOutput, "site").map { Array($0.suffix(3)) } == ["none", "fresh", "?"])
    let connection = try Connection(path: file)
    defer { connection.close() }
    #expect(try connection.queryFirst("PRAGMA user_version") { try $0.column(0, as: Int64.self) } == 2)
  }
}
