import GraphQL
import GraphQLWire
import Testing

/// The fast paths added for speed give exactly the results of the plain code they short-cut.
@Suite struct FastPathTests {
  /// JSON string escaping as `JSON.stringify` does it, one character at a time: the reference the
  /// encoder's eight-bytes-at-a-time scan must agree with.
  private func referenceEncoding(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  @Test func escapesEverySpecialCharacterAtEveryPosition() {
    let specials: [Character] = ["\"", "\\", "\u{00}", "\u{01}", "\u{08}", "\n", "\u{1F}"]
    // Characters the word scan must not mistake for special ones: neighbours of the special
    // values and non-ASCII bytes (which have the high bit set).
    let plain: [Character] = ["a", " ", "!", "#", "[", "]", "\u{7F}", "é", "😀"]
    for length in 0...19 {
      for position in 0..<max(length, 1) {
        for special in specials {
          var text = String(repeating: "x", count: length)
          if length > 0 {
            var characters = Array(text)
            characters[position] = special
            text = String(characters)
          }
          #expect(JSON.string(text).encodedString == referenceEncoding(text), "\(length) \(position)")
        }
      }
      let clean = String((0..<length).map { plain[$0 % plain.count] })
      #expect(JSON.string(clean).encodedString == referenceEncoding(clean))
    }
  }

  @Test func encodesLargeDocumentsThroughTheGrowingWriter() {
    let items = (0..<2000).map { JSON.object(["id": .int($0), "name": .string("launch \($0) \"x\"")]) }
    let encoded = JSON.array(items).encoded()
    #expect(encoded.count > 50_000)
    #expect((try? JSON(parsing: encoded)) == JSON.array(items))
    var prefixed: [UInt8] = Array("x".utf8)
    JSON.array(items).encode(into: &prefixed)
    #expect(prefixed == Array("x".utf8) + encoded)
  }

  @Test func resolveInfoKeepsWhatItIsGiven() throws {
    let schema = try buildSchema("type Query { a: String }")
    let document = try parse("query Q { a }")
    let operation = try #require(
      document.definitions.compactMap { definition -> OperationDefinition? in
        if case .operation(let operation) = definition { return operation }
        return nil
      }.first)
    let info = ResolveInfo(
      fieldName: "a", parentTypeName: "Query", returnType: .named("String"), path: [.key("a")],
      fieldNodes: [], schema: schema, operation: operation, variables: ["v": .int(1)])
    #expect(info.fieldName == "a")
    #expect(info.parentTypeName == "Query")
    #expect(info.returnType == .named("String"))
    #expect(info.path == [.key("a")])
    #expect(info.fieldNodes.isEmpty)
    #expect(info.schema === schema)
    #expect(info.operation.name?.value == "Q")
    #expect(info.variables == ["v": .int(1)])
  }

  @Test func resolversGetTheirFieldsInfoAndContext() throws {
    let schema = try buildSchema("type Query { items: [Item] } type Item { name: String, where: String }")
    let executable = ExecutableSchema<String>(
      schema: schema,
      resolvers: [
        "Query": ["items": .sync { _ in [["name": "a"], ["name": "b"]] as [[String: any Sendable]] }],
        "Item": [
          "where": .sync { input in
            "\(input.context) \(input.info.parentTypeName).\(input.info.fieldName) \(input.info.path)"
          }
        ],
      ])
    let result = executeSync(
      schema: executable, document: try parse("{ items { name where } }"), context: "ctx")
    #expect(result.errors.isEmpty)
    #expect(
      String(decoding: result.encoded(), as: UTF8.self)
        == #"{"data":{"items":[{"name":"a","where":"ctx Item.where [items, 0, where]"},{"name":"b","where":"ctx Item.where [items, 1, where]"}]}}"#
    )
  }

  /// Null in each of its Swift spellings, plain values in optionals, and lists of dictionaries take
  /// the executor's short cuts (`isNull`, `builtInLeaf`, the list of dictionaries) or fall back to
  /// the runtime's casts, with the same answer either way, on both output paths.
  @Test func nullsWrappedValuesAndListsOfDictionariesCompleteAsBefore() throws {
    let schema = try buildSchema(
      """
      type Query { a: String, b: String!, c: Int, d: Item, e: Item, f: [Item], g: [String], h: [Item!]!, i: Boolean }
      type Item { name: String, rank: Int! }
      """)
    let noString: String? = nil
    let noItem: [String: any Sendable]? = nil
    let items: [[String: any Sendable]] = [["name": "1", "rank": 1], ["name": "2", "rank": 2]]
    let executable = ExecutableSchema<Void>(
      schema: schema,
      resolvers: [
        "Query": [
          "a": .sync { _ in noString as any Sendable },
          "b": .sync { _ in Optional("x") as any Sendable },
          "c": .sync { _ in JSON.null },
          "d": .sync { _ in ["name": "n", "rank": Optional(7) as any Sendable] as [String: any Sendable] },
          "e": .sync { _ in noItem as any Sendable },
          "f": .sync { _ in items },
          "g": .sync { _ in ["p", "q"] },
          "h": .sync { _ in [items[0], ["name": "3"]] as [[String: any Sendable]] },
          "i": .sync { _ in JSON.bool(true) },
        ]
      ])
    let document = try parse("{ a b c d { name rank } e { name } f { name rank } g h { name rank } i }")
    let expected =
      #"{"errors":[{"message":"Cannot return null for non-nullable field Item.rank.","locations":[{"line":1,"column":63}],"path":["h",1,"rank"]}],"data":null}"#
    #expect(
      String(decoding: executeSyncEncoded(schema: executable, document: document, context: ()), as: UTF8.self)
        == expected)
    #expect(
      String(
        decoding: executeSync(schema: executable, document: document, context: ()).encoded(), as: UTF8.self)
        == expected)
    let withoutH = try parse("{ a b c d { name rank } e { name } f { name rank } g i }")
    let expectedWithoutH =
      #"{"data":{"a":null,"b":"x","c":null,"d":{"name":"n","rank":7},"e":null,"f":[{"name":"1","rank":1},{"name":"2","rank":2}],"g":["p","q"],"i":true}}"#
    #expect(
      String(decoding: executeSyncEncoded(schema: executable, document: withoutH, context: ()), as: UTF8.self)
        == expectedWithoutH)
    #expect(
      String(
        decoding: executeSync(schema: executable, document: withoutH, context: ()).encoded(), as: UTF8.self)
        == expectedWithoutH)
  }
}
