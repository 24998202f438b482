import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct SourceLocationTests {
  @Test func offsetsBecomeOneBasedLinesAndColumns() {
    let source = Source("query {\n  me\r\n  launches\r  id\n}")
    #expect(source.location(ofOffset: 0) == SourceLocation(line: 1, column: 1))
    #expect(source.location(ofOffset: 10) == SourceLocation(line: 2, column: 3))
    #expect(source.location(ofOffset: 16) == SourceLocation(line: 3, column: 3))
    #expect(source.location(ofOffset: 27) == SourceLocation(line: 4, column: 3))
  }

  @Test func columnsCountUTF16CodeUnitsLikeGraphQLJS() {
    // "é" is one UTF-16 unit, "🚀" is two; the offset after them is a UTF-8 byte offset.
    let source = Source("é🚀x")
    let offsetOfX = "é🚀".utf8.count
    #expect(source.location(ofOffset: offsetOfX) == SourceLocation(line: 1, column: 4))
  }

  @Test func errorJSONHasMessageLocationsPathAndExtensionsInOrder() {
    let error = GraphQLError(
      "boom", locations: [SourceLocation(line: 2, column: 3)], path: [.key("launches"), .index(0)]
    ).withCode("BAD_USER_INPUT")
    let json = error.json
    #expect(json.objectValue?.keys == ["message", "locations", "path", "extensions"])
    #expect(json["path"] == .array([.string("launches"), .int(0)]))
    #expect(error.code == "BAD_USER_INPUT")
  }

  @Test func jsonObjectKeepsInsertionOrderAndRemovesOnNil() {
    var object: JSONObject = ["b": .int(1), "a": .int(2)]
    object["c"] = .null
    #expect(object.keys == ["b", "a", "c"])
    object["a"] = nil
    #expect(object.keys == ["b", "c"])
    #expect(object["c"] == .null)
  }
}
