import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct ParserTests {
  static let launchList = """
    query LaunchList($after: String) { launches(pageSize: 20, after: $after) { cursor hasMore \
    launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } isBooked } } }
    """

  @Test func parsesTheLaunchListQuery() throws {
    let document = try parse(Self.launchList)
    let operation = try #require(document.operations.first)
    #expect(operation.operation == .query)
    #expect(operation.name?.value == "LaunchList")
    #expect(operation.variableDefinitions.first?.variable.name.value == "after")
    #expect(operation.variableDefinitions.first?.type.description == "String")
    guard case .field(let launches) = operation.selectionSet.selections.first else {
      Issue.record("expected a field")
      return
    }
    #expect(launches.name.value == "launches")
    #expect(launches.arguments.map(\.name.value) == ["pageSize", "after"])
    #expect(launches.arguments.first?.value == .int("20", range: SourceRange(start: 54, end: 56)))
    #expect(launches.selectionSet?.selections.count == 3)
    #expect(launches.range?.start == 35)
  }
}

@Suite struct ParserStructureTests {
  @Test func parsesSelectionsOfEveryKindWithRanges() throws {
    let text = "query Q($id: ID! = 1 @v) @op { a: f(x: $id) @d ...F ... on T { g } ... @i { h } }"
    let document = try parse(text)
    let operation = try #require(document.operations.first)
    #expect(operation.range == SourceRange(start: 0, end: text.utf8.count))
    let variable = try #require(operation.variableDefinitions.first)
    #expect(
      variable.type
        == .nonNull(
          .named(
            NamedType(
              name: Name("ID", range: SourceRange(start: 13, end: 15)), range: SourceRange(start: 13, end: 15)
            )), range: SourceRange(start: 13, end: 16)))
    #expect(variable.defaultValue == .int("1", range: SourceRange(start: 19, end: 20)))
    #expect(variable.directives.map(\.name.value) == ["v"])
    #expect(operation.directives.map(\.name.value) == ["op"])
    let selections = operation.selectionSet.selections
    #expect(selections.count == 4)
    guard case .field(let field) = selections[0], case .fragmentSpread(let spread) = selections[1],
      case .inlineFragment(let typed) = selections[2], case .inlineFragment(let untyped) = selections[3]
    else {
      Issue.record("unexpected selection kinds")
      return
    }
    #expect(field.alias?.value == "a" && field.name.value == "f" && field.responseKey == "a")
    #expect(field.range == SourceRange(start: 31, end: 46))
    #expect(
      field.arguments.first?.value
        == .variable(
          Variable(
            name: Name("id", range: SourceRange(start: 40, end: 42)), range: SourceRange(start: 39, end: 42)))
    )
    #expect(spread.name.value == "F")
    #expect(typed.typeCondition?.name.value == "T")
    #expect(untyped.typeCondition == nil && untyped.directives.map(\.name.value) == ["i"])
  }

  @Test func parsesTypeSystemDefinitionsAndExtensions() throws {
    let document = try parse(LanguageFixtures.schemaKitchenSink)
    var kinds: [String] = []
    for definition in document.definitions {
      switch definition {
      case .typeSystem(.schema(let schema)):
        kinds.append("schema")
        #expect(
          schema.description
            == StringLiteral("The schema's description.", block: true, range: schema.description?.range))
        #expect(schema.operationTypes.map(\.operation) == [.query, .mutation])
      case .typeSystem(.type(let type)):
        kinds.append("type \(type.name)")
        if case .object(let launch) = type {
          #expect(launch.interfaces.map(\.name.value) == ["Node", "Resource"])
          #expect(launch.fields.map(\.name.value) == ["id", "name", "site", "missionPatch", "trips"])
          #expect(launch.fields[3].arguments.first?.description?.value == "How big.")
          #expect(
            launch.fields[3].arguments.first?.defaultValue
              == .enumValue("LARGE", range: launch.fields[3].arguments.first?.defaultValue?.range))
        }
      case .typeSystem(.directive(let directive)):
        kinds.append("directive \(directive.name)\(directive.isRepeatable ? " repeatable" : "")")
      case .typeSystemExtension(let extensionDefinition):
        kinds.append("extend \(extensionDefinition.typeName?.value ?? "schema")")
      default:
        kinds.append("other")
      }
    }
    #expect(
      kinds == [
        "schema", "type DateTime", "type Node", "type Resource", "type Launch", "type SearchResult",
        "type PatchSize", "type TripFilter", "directive tag repeatable", "directive live", "extend schema",
        "extend schema", "extend DateTime", "extend Launch", "extend Node", "extend SearchResult",
        "extend PatchSize", "extend TripFilter",
      ])
  }

  @Test func parsesStandaloneValuesAndTypes() throws {
    #expect(try parseValue("[1, {a: $v}]").isConstant == false)
    #expect(try parseConstValue("{a: [true, null, ENUM]}").isConstant)
    #expect(
      throws: GraphQLError(
        "Syntax Error: Unexpected variable \"$v\" in constant value.",
        locations: [SourceLocation(line: 1, column: 2)])
    ) {
      try parseConstValue("[$v]")
    }
    #expect(
      throws: GraphQLError(
        "Syntax Error: Expected <EOF>, found Int \"2\".", locations: [SourceLocation(line: 1, column: 3)])
    ) {
      try parseValue("1 2")
    }
    #expect(try parseType("[ID!]!").description == "[ID!]!")
    #expect(try parseType("[ID!]!").namedType.name.value == "ID")
  }

  @Test func noLocationLeavesRangesNil() throws {
    let document = try parse("{ a(x: 1) }", options: ParseOptions(noLocation: true))
    #expect(document.range == nil)
    guard case .field(let field) = document.operations.first?.selectionSet.selections.first else {
      Issue.record("expected a field")
      return
    }
    #expect(field.range == nil && field.name.range == nil && field.arguments.first?.value.range == nil)
  }

  @Test func depthErrorPointsAtTheTokenThatGoesTooDeep() {
    #expect(
      throws: GraphQLError(
        "Syntax Error: Document nesting exceeds the maximum depth of 2. Parsing aborted.",
        locations: [SourceLocation(line: 1, column: 11)])
    ) { try parse("{ a { b { c } } }", options: ParseOptions(maxDepth: 2)) }
  }

  @Test func parsesFromUTF8BytesWithASourceName() throws {
    let document = try parse(utf8: Array("{ a(x: \"é\") }".utf8), name: "x.graphql")
    #expect(document.source?.name == "x.graphql")
    guard case .field(let field) = document.operations.first?.selectionSet.selections.first else {
      Issue.record("expected a field")
      return
    }
    #expect(field.arguments.first?.value == .string("é", block: false, range: SourceRange(start: 7, end: 11)))
  }
}
