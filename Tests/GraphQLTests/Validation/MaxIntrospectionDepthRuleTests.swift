import Foundation
import GraphQL
import GraphQLWire
import Testing

/// graphql-js 16.9's `MaxIntrospectionDepthRule`; the documents are its tests', indentation
/// included, so the expected `line:column`s are theirs.
@Suite struct MaxIntrospectionDepthRuleTests {
  static let deepFields = """
    {
      __schema {
        types {
          fields {
            type {
              fields {
                type {
                  fields {
                    name
                  }
                }
              }
            }
          }
        }
      }
    }
    """

  @Test func acceptsTheStandardIntrospectionQuery() throws {
    try expectValid(.maxIntrospectionDepth, introspectionQuery)
  }

  @Test func acceptsThreeFlatLists() throws {
    try expectValid(
      .maxIntrospectionDepth,
      """

          {
            __type(name: "Query") {
              trueFields: fields(includeDeprecated: true) {
                name
              }
              falseFields: fields(includeDeprecated: false) {
                name
              }
              omittedFields: fields {
                name
              }
            }
          }

      """)
  }

  @Test func rejectsThreeNestedLists() throws {
    // graphql-js's documents start with a newline and are indented four spaces.
    let query = "\n" + Self.deepFields.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    try expectErrors(.maxIntrospectionDepth, query, [("Maximum introspection depth exceeded", ["3:7"])])
    try expectErrors(
      .maxIntrospectionDepth,
      "{ __schema { types { interfaces { interfaces { interfaces { name } } } } } }",
      [("Maximum introspection depth exceeded", ["1:3"])])
    try expectErrors(
      .maxIntrospectionDepth,
      "{ a: __type(name: \"Query\") { possibleTypes { possibleTypes { possibleTypes { name } } } } "
        + "b: __schema { types { inputFields { type { inputFields { type { inputFields { name } } } } } } } }",
      [("Maximum introspection depth exceeded", ["1:3"]), ("Maximum introspection depth exceeded", ["1:91"])])
  }

  @Test func acceptsThreeSiblingListsUnderOne() throws {
    try expectValid(
      .maxIntrospectionDepth,
      "{ __schema { types { fields { type { one: fields { name } two: fields { name } three: fields { name } } } } } }"
    )
  }

  @Test func countsThroughFragmentsAndInlineFragments() throws {
    try expectErrors(
      .maxIntrospectionDepth,
      """

          {
            ... {
              __schema { types { fields { type { fields { type { fields { name } } } } } } }
            }
          }

      """, [("Maximum introspection depth exceeded", ["4:9"])])
    try expectErrors(
      .maxIntrospectionDepth,
      "{ __schema { types { ...T } } } fragment T on __Type { fields { type { ...U } } } "
        + "fragment U on __Type { ... on __Type { interfaces { possibleTypes { name } } } }",
      [("Maximum introspection depth exceeded", ["1:3"])])
  }

  @Test func optsOutForMissingFragmentsAndCycles() throws {
    try expectValid(.maxIntrospectionDepth, "query test { __schema { types { ...Missing } } }")
    try expectValid(
      .maxIntrospectionDepth,
      "query test { __schema { types { ...Cycle } } } fragment Cycle on __Type { ...Cycle }")
  }

  /// Each fragment is measured once: forty fragments that each spread the next twice would be
  /// 2^40 walks the way graphql-js counts. Asserted in CPU time, not wall time.
  @Test func measuresEachFragmentOnce() throws {
    var query = "{ __schema { types { ...F0 } } }"
    for level in 0..<40 {
      query += " fragment F\(level) on __Type { ...F\(level + 1) a: name ...F\(level + 1) }"
    }
    query += " fragment F40 on __Type { fields { name } }"
    let start = threadCPUNanoseconds()
    try expectValid(.maxIntrospectionDepth, query)
    #expect(threadCPUNanoseconds() - start < 2_000_000_000)
  }
}

/// The calling thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
private func threadCPUNanoseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}
