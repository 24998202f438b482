import Foundation
import GraphQLAPI
import GraphQLWire
import RocketReserverAPI
import TestSupport
import Testing

@testable import RocketClient

/// The keys the store gives records and fields, from the schema and the request.
@Suite struct CacheKeysTests {
  static let launchJSON = launch(id: "42")

  /// The `data` of `LaunchDetails` for launch `id`.
  static func launch(id: String) -> JSONObject {
    [
      "launch": .object([
        "id": .string(id), "site": .string("KSC LC 39A"),
        "mission": .object([
          "name": .string("CRS-9"), "missionPatch": .string("https://example.com/p.png"),
          "__typename": .string("Mission"),
        ]),
        "rocket": .object([
          "id": .string("falcon9"), "name": .string("Falcon 9"), "type": .string("FT"),
          "__typename": .string("Rocket"),
        ]),
        "isBooked": .bool(false), "__typename": .string("Launch"),
      ])
    ]
  }

  @Test func recordsAreKeyedByTypenameAndIdOrByPathWithArgumentsInFieldKeys() {
    let operation = CacheableOperation(LaunchDetailsQuery(id: "42"))
    var normalizer = ResponseNormalizer(keyedTypes: operation.keyedTypes, variables: operation.variables)
    normalizer.normalize(Self.launchJSON, selections: operation.selections, rootKey: operation.rootKey)
    let records = normalizer.records
    #expect(Set(records.keys) == ["QUERY_ROOT", "Launch:42", "Launch:42.mission", "Rocket:falcon9"])
    #expect(records["QUERY_ROOT"]?.fields["launch({\"id\":\"42\"})"] == .reference("Launch:42"))
    #expect(records["Launch:42"]?.fields["mission"] == .reference("Launch:42.mission"))
    #expect(
      records["Launch:42.mission"]?.fields["missionPatch({\"size\":\"LARGE\"})"]
        == .scalar(.string("https://example.com/p.png")))
  }

  @Test func aReadSaysWhichFieldsAreMissing() {
    let details = CacheableOperation(LaunchDetailsQuery(id: "42"))
    var normalizer = ResponseNormalizer(keyedTypes: details.keyedTypes, variables: details.variables)
    normalizer.normalize(Self.launchJSON, selections: details.selections, rootKey: details.rootKey)
    let records = normalizer.records
    // The list asks for the small patch, which the details query did not fetch.
    let other = CacheableOperation(LaunchDetailsQuery(id: "43"))
    var reader = CacheReader(variables: other.variables) { records[$0].map { ($0, 0) } }
    #expect(reader.read(other.selections, rootKey: other.rootKey) == nil)
    #expect(reader.missing == ["QUERY_ROOT.launch({\"id\":\"43\"})"])
  }

  @Test func pagesAreReadAsOneListChainedByCursor() {
    func page(_ ids: [String], cursor: String, hasMore: Bool) -> JSONObject {
      [
        "launches": .object([
          "cursor": .string(cursor), "hasMore": .bool(hasMore),
          "launches": .array(
            ids.map { id in
              .object([
                "id": .string(id), "site": .string("S"), "mission": .null, "rocket": .null,
                "isBooked": .bool(false), "__typename": .string("Launch"),
              ])
            }),
          "__typename": .string("LaunchConnection"),
        ])
      ]
    }
    let first = CacheableOperation(LaunchListQuery(pageSize: .some(2)))
    let second = CacheableOperation(LaunchListQuery(pageSize: .some(2), after: .some("c2")))
    var normalizer = ResponseNormalizer(keyedTypes: first.keyedTypes, variables: first.variables)
    normalizer.normalize(
      page(["110", "109"], cursor: "c2", hasMore: true), selections: first.selections, rootKey: "QUERY_ROOT")
    var records = normalizer.records
    var next = ResponseNormalizer(keyedTypes: second.keyedTypes, variables: second.variables)
    next.normalize(
      page(["108"], cursor: "c3", hasMore: false), selections: second.selections, rootKey: "QUERY_ROOT")
    for (key, record) in next.records { records[key] = records[key].map { $0.merging(record) } ?? record }

    let all = CacheableOperation(LaunchListQuery())
    var reader = CacheReader(variables: all.variables) { records[$0].map { ($0, 0) } }
    let data = reader.read(all.selections, rootKey: "QUERY_ROOT")
    let ids = data?["launches"]?["launches"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(ids == ["110", "109", "108"])
    #expect(data?["launches"]?["hasMore"] == .bool(false))
    #expect(data?["launches"]?["cursor"] == .string("c3"))
    var rest = CacheReader(variables: second.variables) { records[$0].map { ($0, 0) } }
    let tail = rest.read(second.selections, rootKey: "QUERY_ROOT")
    #expect(tail?["launches"]?["launches"]?.arrayValue?.count == 1)
  }

  @Test func aFirstPageOfAnotherSizeStillJoinsTheLaterPages() {
    // Pages of 3 (cursors name their last launch), then the first page again with 7 launches.
    func page(_ ids: ClosedRange<Int>, after: String?) -> (CacheableOperation, JSONObject) {
      let operation = CacheableOperation(
        LaunchListQuery(pageSize: .some(ids.count), after: after.map { .some($0) } ?? .absent))
      let launches: [JSON] = ids.reversed().map { id in
        .object([
          "id": .string(String(id)), "site": .null, "mission": .null, "rocket": .null,
          "isBooked": .bool(false),
          "__typename": .string("Launch"),
        ])
      }
      let data: JSONObject = [
        "launches": .object([
          "cursor": .string("c\(ids.lowerBound)"), "hasMore": .bool(true), "launches": .array(launches),
          "__typename": .string("LaunchConnection"),
        ])
      ]
      return (operation, data)
    }
    var records: [String: CacheRecord] = [:]
    for (operation, data) in [
      page(108...110, after: nil), page(105...107, after: "c108"), page(102...104, after: "c105"),
      page(104...110, after: nil),
    ] {
      var normalizer = ResponseNormalizer(keyedTypes: operation.keyedTypes, variables: operation.variables)
      normalizer.normalize(data, selections: operation.selections, rootKey: "QUERY_ROOT")
      for (key, record) in normalizer.records {
        records[key] = records[key].map { $0.merging(record) } ?? record
      }
    }
    let all = CacheableOperation(LaunchListQuery())
    var reader = CacheReader(variables: all.variables) { records[$0].map { ($0, 0) } }
    let data = reader.read(all.selections, rootKey: "QUERY_ROOT")
    let ids = data?["launches"]?["launches"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(ids == (102...110).reversed().map(String.init))
    #expect(data?["launches"]?["cursor"] == .string("c102"))
  }
}
