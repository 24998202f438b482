import GraphQLAPI
import GraphQLWire
import Testing

/// A selection set written the way `rocket-codegen` writes them, to test the runtime alone.
private struct PageData: SelectionSetData {
  let cursor: String
  let launches: [Launch?]

  struct Launch: SelectionSetData {
    let id: GraphQLID
    let site: String?

    init(object: JSONObject, path: [PathComponent]) throws {
      id = try ResponseDecoding.nonNull(
        ResponseDecoding.member(object, "id", path + [.key("id")]), path + [.key("id")]
      ) { try ResponseDecoding.scalar($0, $1) }
      site = try ResponseDecoding.nullable(
        ResponseDecoding.member(object, "site", path + [.key("site")]), path + [.key("site")]
      ) { try ResponseDecoding.scalar($0, $1) }
    }
  }

  init(object: JSONObject, path: [PathComponent]) throws {
    cursor = try ResponseDecoding.nonNull(
      ResponseDecoding.member(object, "cursor", path + [.key("cursor")]), path + [.key("cursor")]
    ) { try ResponseDecoding.scalar($0, $1) }
    launches = try ResponseDecoding.nonNull(
      ResponseDecoding.member(object, "launches", path + [.key("launches")]), path + [.key("launches")]
    ) { json, path in
      try ResponseDecoding.list(json, path) { json, path in
        try ResponseDecoding.nullable(json, path) { try ResponseDecoding.object($0, $1, as: Launch.self) }
      }
    }
  }
}

private enum PatchSize: GraphQLEnum {
  case small, large, unknown(String)

  init(rawValue: String) {
    switch rawValue {
    case "SMALL": self = .small
    case "LARGE": self = .large
    default: self = .unknown(rawValue)
    }
  }

  var rawValue: String {
    switch self {
    case .small: "SMALL"
    case .large: "LARGE"
    case .unknown(let name): name
    }
  }
}

@Suite struct ResponseDecodingTests {
  @Test func decodesNestedListsOptionalsAndIntegerIDs() throws {
    let json: JSONObject = [
      "cursor": .string("c1"),
      "launches": .array([.object(["id": .int(110), "site": .null]), .null]),
    ]
    let page = try PageData(object: json, path: [])
    #expect(page.cursor == "c1")
    #expect(page.launches.count == 2)
    #expect(page.launches[0]?.id == "110")
    #expect(page.launches[0]?.site == nil)
    #expect(page.launches[1] == nil)
  }

  @Test func errorsNameThePath() {
    let json: JSONObject = [
      "cursor": .string("c1"),
      "launches": .array([.object(["id": .string("1"), "site": .string("KSC")]), .object(["site": .int(3)])]),
    ]
    #expect(
      throws: ResponseDecodingError(
        path: [.key("launches"), .index(1), .key("id")], reason: "the field is missing")
    ) {
      try PageData(object: json, path: [])
    }
    let error = ResponseDecodingError(
      path: [.key("launches"), .index(1), .key("id")], reason: "the field is missing")
    #expect(error.description == "unexpected response at launches.1.id: the field is missing")
  }

  @Test func nullForNonNullIsAnError() {
    let json: JSONObject = ["cursor": .null, "launches": .array([])]
    #expect(throws: ResponseDecodingError(path: [.key("cursor")], reason: "expected a value, found null")) {
      try PageData(object: json, path: [])
    }
  }

  @Test func enumsKeepUnknownValuesAndNullablesTellAbsentFromNull() {
    #expect(PatchSize(scalarJSON: .string("LARGE")) == .large)
    #expect(PatchSize(scalarJSON: .string("HUGE")) == .unknown("HUGE"))
    #expect(GraphQLNullable<Int>.absent.inputJSON == nil)
    #expect(GraphQLNullable<Int>.null.inputJSON == .null)
    #expect(GraphQLNullable(Optional(5)).inputJSON == .int(5))
    #expect([PatchSize.small].inputJSON == .array([.string("SMALL")]))
  }
}
