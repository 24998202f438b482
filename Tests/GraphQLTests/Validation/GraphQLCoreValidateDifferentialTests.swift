import Foundation
import GraphQL
import GraphQLWire
import Testing

/// The all-rules validation corpus (`SpecifiedRulesFixtures`, expectations from graphql-js 16)
/// run through graphql-core 3.3's `validate` (graphql-js 17's Python port) on
/// `ValidationTestSchema`: every document must get graphql-core's errors (messages with
/// graphql-js's double quotes, and locations, in order), except those in `graphQLCoreQuirks`,
/// where graphql-core departs from graphql-js 17 itself and the engine follows graphql-js 17
/// (docs/graphql-js-17.md). A listed document that starts to agree fails too, so the list only
/// shrinks.
@Suite struct GraphQLCoreValidateDifferentialTests {
  static let graphQLCoreQuirks: [String: String] = [
    "schema { query: Query }\nquery Q { cat { lives } }\nextend schema @onQuery\ndirective @later on FIELD":
      locationInWords,
    "query Q($v: Int @onQuery) @onMutation { dog @onQuery { ...F @onVariable } }\nfragment F on Dog @tag(name: \"x\") { name }\nsubscription S @skip(if: true) { petAdded { name } }":
      locationInWords,
    "type Bird @unknown { wings: Int @deprecated @onQuery }": locationInWords,
    "query ($f: PetFilter = {species: \"x\", species: \"y\"}, $b: Boolean!) @onMutation { pets(filter: $f) @skip(if: $b) @skip(if: $b) { ...Missing } } subscription { petAdded { name } petRemoved }":
      locationInWords,
    "{ dog { name } }\ntype Bird @unknown { wings: Wing @deprecated(reason: 1, because: 2) }\nextend schema @onQuery":
      locationInWords,
    "query ($x: ID! = null) { pet(id: null) { name } search(text: \"a\", exact: null) { __typename } }":
      "graphql-core writes None for null (graphql-js 17: `not to be null.`)",
    "{ score(value: {a: 1}, id: [1], matrix: [[{x: 1}]]) pets(filter: [1, 2]) { name } }":
      "graphql-core's scalars leave a literal's error unlocated (graphql-js 17's give the literal's node)",
  ]

  /// graphql-js 17 names a directive location by its enum value (`may not be used on
  /// FIELD_DEFINITION.`); graphql-core's `DirectiveLocation` values are words (`field definition`).
  static let locationInWords = "graphql-core writes directive locations in words"

  static func summary(message: String, locations: [String]) -> String {
    message + " " + locations.joined(separator: ",")
  }

  @Test func errorsMatchGraphQLCore() throws {
    let documents = SpecifiedRulesFixtures.cases.map(\.query)
    let theirs = try GraphQLCorePeer.run([
      "mode": "validate", "sdl": ValidationTestSchema.sdl, "cases": documents.map { ["query": $0] },
    ])
    try #require(theirs.count == documents.count)
    for (index, document) in documents.enumerated() {
      let ours = try ValidationHarness.errors(specifiedRules, document).map {
        Self.summary(message: $0.message, locations: $0.locations.map(\.description))
      }
      let reference = try theirs[index].map { value -> String in
        let error = try #require(value as? [String: Any])
        let message = try #require(error["message"] as? String).replacingOccurrences(of: "'", with: "\"")
        let locations = (error["locations"] as? [[String: Any]] ?? []).map {
          "\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0)"
        }
        return Self.summary(message: message, locations: locations)
      }
      if let reason = Self.graphQLCoreQuirks[document] {
        #expect(
          ours != reference, "now agrees with graphql-core (\(reason)); drop it from the list: \(document)")
      } else {
        #expect(ours == reference, "\(document)")
      }
    }
    #expect(
      Set(Self.graphQLCoreQuirks.keys).isSubset(of: Set(documents)), "listed documents not in the corpus")
  }
}
