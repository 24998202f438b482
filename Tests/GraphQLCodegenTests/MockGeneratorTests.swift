import GraphQLCodegen
import Testing

/// Generated test mocks are type-checked: code that sets every kind of field with its own type,
/// and builds an operation's `Data` from the mocks, compiles; a field of the wrong type, a nested
/// mock of the wrong object type or a field the schema does not have does not, and the compiler
/// names it (`swiftc -typecheck`, as for the resolver protocols).
@Suite struct MockGeneratorTests {
  static let wellTyped = """
    import GraphQLTestSupport

    func build() throws -> FleetQuery.Data {
      var rocket = Mock<Rocket>(id: "r1", name: "Falcon", stages: 2)
      rocket.name = nil
      let member = Mock<CrewMember>(id: "7", fullName: "Ada")
      let capsule = Mock<Capsule>(id: "c1", seats: 4, crew: [member, nil])
      var query = Mock<Query>(
        vehicles: [AnyMock(rocket), AnyMock(capsule)], search: [AnyMock(member), nil], status: .go)
      query.crew = member
      query.crew?.type = "pilot"
      return try FleetQuery.Data.from(query)
    }
    """

  private func check(_ code: String) throws -> (status: Int32, errors: String) {
    let schema = CodegenSourceFile(path: "Operations/schema.graphqls", text: codegenTestSchema)
    let generated = try Codegen.generate(
      schema: schema,
      operationFiles: [
        CodegenSourceFile(path: "Operations/Fleet.graphql", text: CodegenGoldenTests.fleetOperations)
      ])
    let mocks = try Codegen.generateMocks(schema: schema, schemaModule: nil)
    return try typeCheck(
      generated + [mocks, GeneratedFile(name: "Test.swift", contents: code)], moduleName: "Shipyard")
  }

  @Test func wellTypedMocksCompile() throws {
    let result = try check(Self.wellTyped)
    #expect(result.status == 0, "swiftc said:\n\(result.errors)")
  }

  @Test func aScalarOfTheWrongTypeDoesNotCompile() throws {
    let result = try check(
      Self.wellTyped.replacingOccurrences(of: "rocket.name = nil", with: "rocket.name = 5"))
    #expect(result.status != 0)
    #expect(result.errors.contains("cannot assign value of type 'Int' to type 'String'"), "\(result.errors)")
  }

  @Test func aNestedMockOfTheWrongObjectTypeDoesNotCompile() throws {
    let result = try check(
      Self.wellTyped.replacingOccurrences(of: "query.crew = member", with: "query.crew = rocket"))
    #expect(result.status != 0)
    #expect(
      result.errors.contains("cannot assign value of type 'Mock<Rocket>' to type 'Mock<CrewMember>'"),
      "\(result.errors)")
  }

  @Test func aListOfTheWrongElementsDoesNotCompile() throws {
    let result = try check(
      Self.wellTyped.replacingOccurrences(of: "crew: [member, nil]", with: "crew: [rocket]"))
    #expect(result.status != 0)
    #expect(result.errors.contains("'Mock<Rocket>'"), "\(result.errors)")
  }

  @Test func anEnumFieldTakesOnlyItsEnum() throws {
    let result = try check(Self.wellTyped.replacingOccurrences(of: "status: .go", with: "status: \"GO\""))
    #expect(result.status != 0)
    #expect(result.errors.contains("'Status'"), "\(result.errors)")
  }

  @Test func aFieldTheSchemaDoesNotHaveDoesNotCompile() throws {
    let result = try check(
      Self.wellTyped.replacingOccurrences(of: "rocket.name = nil", with: "rocket.speed = 4"))
    #expect(result.status != 0)
    #expect(result.errors.contains("has no member 'speed'"), "\(result.errors)")
    // A field of another object type: the compiler names the field and both types.
    let other = try check(
      Self.wellTyped.replacingOccurrences(of: "rocket.name = nil", with: "rocket.seats = 4"))
    #expect(other.status != 0)
    #expect(
      other.errors.contains("property 'seats' requires the types 'Rocket' and 'Capsule' be equivalent"),
      "\(other.errors)")
  }

  @Test func theMocksFileHasATypePerObjectAndAPropertyPerField() throws {
    let mocks = try Codegen.generateMocks(
      schema: CodegenSourceFile(path: "schema.graphqls", text: codegenTestSchema), schemaModule: "ShipyardAPI"
    )
    #expect(mocks.name == "Mocks.graphql.swift")
    let text = mocks.contents
    #expect(text.contains("import ShipyardAPI\n"))
    #expect(
      text.contains("public enum Capsule: MockObject {\n  public static let __typename = \"Capsule\"\n}"))
    #expect(text.contains("extension Mock where Object == Capsule {"))
    #expect(text.contains("public var crew: [Mock<CrewMember>?]? {"))
    #expect(text.contains("public var vehicles: [AnyMock]? {"))
    #expect(text.contains("extension Status: MockFieldConvertible {}"))
    #expect(!text.contains("enum Vehicle:"), "an interface has no mock type of its own")
  }

  @Test func internalAccessDropsPublicFromEveryDeclaration() throws {
    let files = try Codegen.generate(
      schema: CodegenSourceFile(path: "schema.graphqls", text: codegenTestSchema),
      operationFiles: [CodegenSourceFile(path: "Fleet.graphql", text: CodegenGoldenTests.fleetOperations)],
      accessModifier: .internal)
    for file in files { #expect(!file.contents.contains("public "), "\(file.name)") }
    let result = try typeCheck(files, moduleName: "Shipyard")
    #expect(result.status == 0, "swiftc said:\n\(result.errors)")
  }
}
