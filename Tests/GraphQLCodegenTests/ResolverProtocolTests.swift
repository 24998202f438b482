import GraphQLCodegen
import Testing

/// The server side of codegen: resolver protocols from the SDL. A backend that conforms compiles;
/// one that forgets, misspells or mistypes a field, or does not follow an SDL change, does not,
/// and the compiler names the field (`swiftc -typecheck`, as the golden tests check generated code).
@Suite struct ResolverProtocolTests {
  static let schema = """
    type Query {
      ship(id: ID!): Ship
      fleet(kind: Kind, first: Int): [Ship]!
    }
    type Mutation { rename(id: ID!, name: String!): Ship }
    type Ship {
      id: ID!
      name: String
      speed(unit: Kind = FAST): Float!
      escort: Ship
    }
    enum Kind { FAST SLOW }
    """

  /// A conformer for `schema`, with `shipFields` as the body of `ShipResolver`.
  static func backend(shipFields: String) -> String {
    """
    import GraphQL

    struct Ship: Sendable { let id: String; let name: String? }

    struct QueryResolver: QueryResolving {
      func ship(id: String, _ input: borrowing ResolverInput<Void>) -> Ship? { Ship(id: id, name: nil) }
      func fleet(kind: Kind?, first: Int?, _ input: borrowing ResolverInput<Void>) -> [Ship] { [] }
    }
    struct MutationResolver: MutationResolving {
      func rename(id: String, name: String, _ input: borrowing ResolverInput<Void>) -> Ship? { Ship(id: id, name: name) }
    }
    struct ShipResolver: ShipResolving {
    \(shipFields)
    }
    let table = makeFieldResolvers(
      query: QueryResolver(), mutation: MutationResolver(), ship: ShipResolver(), resolver: FieldResolver.sync)
    let writers = makeTypedRootWriters(
      query: QueryResolver(), mutation: MutationResolver(), ship: ShipResolver(), errorPolicy: { error, _ in error })
    """
  }

  static let shipFields = """
      func id(_ ship: Ship, _ input: borrowing ResolverInput<Void>) -> String { ship.id }
      func name(_ ship: Ship, _ input: borrowing ResolverInput<Void>) -> String? { ship.name }
      func speed(_ ship: Ship, unit: Kind?, _ input: borrowing ResolverInput<Void>) -> Double { unit == .FAST ? 2 : 1 }
      func escort(_ ship: Ship, _ input: borrowing ResolverInput<Void>) -> Ship? { nil }
    """

  private func check(schema: String = schema, shipFields: String) throws -> (status: Int32, errors: String) {
    let generated = try Codegen.generateResolvers(
      schema: CodegenSourceFile(path: "schema.graphqls", text: schema))
    let backend = GeneratedFile(name: "Backend.swift", contents: Self.backend(shipFields: shipFields))
    return try typeCheck([generated, backend], moduleName: "Shipyard")
  }

  @Test func aFullConformerCompiles() throws {
    let result = try check(shipFields: Self.shipFields)
    #expect(result.status == 0, "swiftc said:\n\(result.errors)")
  }

  @Test func aMisspeltFieldFailsToCompileNamingIt() throws {
    let misspelt = Self.shipFields.replacingOccurrences(of: "func name(", with: "func nmae(")
    let result = try check(shipFields: misspelt)
    #expect(result.status != 0)
    #expect(result.errors.contains("does not conform to protocol 'ShipResolving'"), "\(result.errors)")
    #expect(result.errors.contains("protocol requires function 'name'"), "\(result.errors)")
  }

  @Test func aWronglyTypedFieldFailsToCompile() throws {
    let mistyped = Self.shipFields.replacingOccurrences(
      of: "-> Double { unit == .FAST ? 2 : 1 }", with: "-> Int { 1 }")
    let result = try check(shipFields: mistyped)
    #expect(result.status != 0)
    #expect(result.errors.contains("speed(_:unit:_:)"), "\(result.errors)")
  }

  @Test func anSDLChangeTheBackendDoesNotFollowFailsNamingTheField() throws {
    let changed = Self.schema.replacingOccurrences(
      of: "  escort: Ship\n", with: "  escort: Ship\n  crew: Int!\n")
    let result = try check(schema: changed, shipFields: Self.shipFields)
    #expect(result.status != 0)
    #expect(result.errors.contains("protocol requires function 'crew'"), "\(result.errors)")
  }

  @Test func argumentsAndResultsHaveTheirSwiftTypes() throws {
    let generated = try Codegen.generateResolvers(
      schema: CodegenSourceFile(path: "schema.graphqls", text: Self.schema))
    #expect(generated.name == "Resolvers.graphqls.swift")
    let text = generated.contents
    #expect(text.contains("enum Kind: String, Sendable, CaseIterable"))
    #expect(
      text.contains(
        "func fleet(kind: Kind?, first: Int?, _ input: borrowing ResolverInput<Context>) throws -> [Ship]"))
    #expect(
      text.contains(
        "func speed(_ parent: Parent, unit: Kind?, _ input: borrowing ResolverInput<Context>) throws -> Double"
      ))
    #expect(text.contains("QueryR.Ship == ShipR.Parent"))
  }
}
