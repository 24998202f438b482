import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct ValuesOfCorrectTypeRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .valuesOfCorrectType,
      #"""
      query ($i: Int = 1, $f: [FurColor!] = [BROWN, TAN], $p: PetFilter = {species: "dog", colors: TAN}) { score(value: 1, id: 7, flag: false, ints: 3, matrix: [[1], 2, null], color: SPOTTED) pets(filter: {species: "cat", nested: {species: "x", nested: null}, minAge: null}) { name } }
      """#)
  }

  @Test func reportsWrongScalarLiterals() throws {
    try expectErrors(
      .valuesOfCorrectType,
      #"""
      { score(value: "1.5", id: 1.5, flag: 1, ints: ["a", 2.5, 3000000000]) }
      """#,
      [
        (
          "Float cannot represent non numeric value: \"1.5\"",
          ["1:16"]
        ),
        (
          "ID cannot represent a non-string and non-integer value: 1.5",
          ["1:27"]
        ),
        (
          "Boolean cannot represent a non boolean value: 1",
          ["1:38"]
        ),
        (
          "Int cannot represent non-integer value: \"a\"",
          ["1:48"]
        ),
        (
          "Int cannot represent non-integer value: 2.5",
          ["1:53"]
        ),
        (
          "Int cannot represent non 32-bit signed integer value: 3000000000",
          ["1:58"]
        ),
      ])
  }

  @Test func reportsWrongEnumLiterals() throws {
    try expectErrors(
      .valuesOfCorrectType,
      #"""
      { score(color: brown) dog { knowsTrick(trick: "EASY") } c2: score(color: true) }
      """#,
      [
        (
          "Value \"brown\" does not exist in \"FurColor\" enum. Did you mean the enum value \"BROWN\"?",
          ["1:16"]
        ),
        (
          "Enum \"TrickLevel\" cannot represent non-enum value: \"EASY\". Did you mean the enum value \"EASY\"?",
          ["1:47"]
        ),
        (
          "Enum \"FurColor\" cannot represent non-enum value: true.",
          ["1:74"]
        ),
      ])
  }

  @Test func reportsNullsInNonNullPositions() throws {
    try expectErrors(
      .valuesOfCorrectType,
      #"""
      query ($x: ID! = null) { pet(id: null) { name } search(text: "a", exact: null) { __typename } }
      """#,
      [
        (
          "Expected value of non-null type \"ID!\" not to be null.",
          ["1:18"]
        ),
        (
          "Expected value of non-null type \"ID!\" not to be null.",
          ["1:34"]
        ),
        (
          "Expected value of non-null type \"Boolean!\" not to be null.",
          ["1:74"]
        ),
      ])
  }

  @Test func reportsInputObjectProblems() throws {
    try expectErrors(
      .valuesOfCorrectType,
      #"""
      { pets(filter: {minAge: 1, colours: [TAN], nested: {species: "x", nestd: {}}}) { name } }
      """#,
      [
        (
          #"Expected value of type "PetFilter" to include required field "species", found: { minAge: 1, colours: [TAN], nested: { species: "x", nestd: {  } } }."#,
          ["1:16"]
        ),
        (
          #"Expected value of type "PetFilter" not to include unknown field "nestd". Did you mean "nested"? Found: { species: "x", nestd: {  } }."#,
          ["1:67"]
        ),
        (
          #"Expected value of type "PetFilter" not to include unknown field "colours". Did you mean "colors"? Found: { minAge: 1, colours: [TAN], nested: { species: "x", nestd: {  } } }."#,
          ["1:28"]
        ),
      ])
  }

  @Test func reportsObjectsAndListsInScalarPositions() throws {
    try expectErrors(
      .valuesOfCorrectType,
      #"""
      { score(value: {a: 1}, id: [1], matrix: [[{x: 1}]]) pets(filter: [1, 2]) { name } }
      """#,
      [
        (
          "Float cannot represent non numeric value: { a: 1 }",
          ["1:16"]
        ),
        (
          "ID cannot represent a non-string and non-integer value: [1]",
          ["1:28"]
        ),
        (
          "Int cannot represent non-integer value: { x: 1 }",
          ["1:43"]
        ),
        (
          "Expected value of type \"PetFilter\" to be an object, found: [1, 2].",
          ["1:66"]
        ),
      ])
  }

  @Test func reportsWrongDefaultValues() throws {
    try expectErrors(
      .valuesOfCorrectType,
      #"""
      query ($a: Int = "one", $b: [FurColor] = [BROWN, "TAN"], $c: PetFilter = {species: 1}) { dog { name } }
      """#,
      [
        (
          "Int cannot represent non-integer value: \"one\"",
          ["1:18"]
        ),
        (
          "Enum \"FurColor\" cannot represent non-enum value: \"TAN\". Did you mean the enum value \"TAN\"?",
          ["1:50"]
        ),
        (
          "String cannot represent a non string value: 1",
          ["1:84"]
        ),
      ])
  }
}
