import GraphQLWire
import Testing

@testable import GraphQL

/// `Dictionary.scanningSmall` and the field map's search answer exactly what hashing does, on
/// both sides of the scan limit and for keys that are not small strings.
@Suite struct StringKeyedLookupTests {
  /// Keys of every kind a lookup meets: small ASCII, empty, 15 and 16 bytes (the last small
  /// length and the first large one), non-ASCII, and a large string equal to a small one.
  static let keys = [
    "id", "", "site", "missionPatch", "abcdefghijklmno", "abcdefghijklmnop", "café", "naïve_field",
    "__typename", "isBooked", "rocket", "mission",
  ]

  @Test(arguments: 0...12) func scanningFindsWhatTheSubscriptFinds(size: Int) {
    let dictionary = Dictionary(uniqueKeysWithValues: Self.keys.prefix(size).enumerated().map { ($1, $0) })
    for key in Self.keys + ["missing", "ID", "cafe\u{301}"] {
      #expect(dictionary.scanningSmall(key) == dictionary[key], "key \(key) in \(size) members")
    }
  }

  @Test func aLargeStringFindsTheSmallKeyItEquals() {
    // Built with room for more, so its storage is not the small form of the same text.
    var large = String()
    large.reserveCapacity(64)
    large += "site"
    let dictionary = ["id": 1, "site": 2]
    #expect(dictionary.scanningSmall(large) == 2)
  }

  @Test(arguments: [3, 12]) func aFieldMapFindsItsFieldsByName(count: Int) throws {
    let names = (0..<count).map { "field\($0)" }
    let schema = try buildSchema(
      "type Query { \(names.map { "\($0): Int" }.joined(separator: " ")) }")
    guard case .object(let query)? = schema.typeMap["Query"] else {
      Issue.record("no Query type")
      return
    }
    for name in names { #expect(query.fields[name]?.name == name) }
    #expect(query.fields["missing"] == nil)
    #expect(query.fields["Field0"] == nil)
  }
}
