import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct KnownArgumentNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .knownArgumentNames,
      #"""
      { dog @include(if: true) { knowsTrick(trick: EASY, times: 2) isHousetrained name(surname: true) @tag(name: "x") } }
      """#)
  }

  @Test func reportsUnknownFieldArguments() throws {
    try expectErrors(
      .knownArgumentNames,
      #"""
      { dog { knowsTrick(trik: EASY, timez: 1, other: 1) name(surnames: true) } human(idd: 1) { iq } }
      """#,
      [
        (
          "Unknown argument \"trik\" on field \"Dog.knowsTrick\". Did you mean \"trick\"?",
          ["1:20"]
        ),
        (
          "Unknown argument \"timez\" on field \"Dog.knowsTrick\". Did you mean \"times\"?",
          ["1:32"]
        ),
        (
          "Unknown argument \"other\" on field \"Dog.knowsTrick\".",
          ["1:42"]
        ),
        (
          "Unknown argument \"surnames\" on field \"Dog.name\". Did you mean \"surname\"?",
          ["1:57"]
        ),
        (
          "Unknown argument \"idd\" on field \"Query.human\". Did you mean \"id\"?",
          ["1:81"]
        ),
      ])
  }

  @Test func reportsUnknownDirectiveArguments() throws {
    try expectErrors(
      .knownArgumentNames,
      #"""
      { dog @skip(iff: true) @tag(label: "x", name: "y") { name @unknown(a: 1) } }
      """#,
      [
        (
          "Unknown argument \"iff\" on directive \"@skip\". Did you mean \"if\"?",
          ["1:13"]
        ),
        (
          "Unknown argument \"label\" on directive \"@tag\". Did you mean \"name\"?",
          ["1:29"]
        ),
      ])
  }
}
