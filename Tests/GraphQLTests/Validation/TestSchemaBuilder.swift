import GraphQL

/// A minimal SDL-to-schema builder for the validation tests: object, interface, union, enum,
/// input object and scalar definitions, the schema definition, directive definitions, and the
/// standard scalars with graphql-js's literal checks. No schema validation.
enum TestSchemaBuilder {
  struct BuildError: Error { var message: String }

  static func build(_ sdl: String) throws -> GraphQLSchema {
    let document = try parse(sdl)
    var types: [GraphQLNamedType] = []
    var roots: [OperationType: String] = [
      .query: "Query", .mutation: "Mutation", .subscription: "Subscription",
    ]
    var explicitRoots = false
    var directives = standardDirectives
    for definition in document.definitions {
      guard case .typeSystem(let system) = definition else { continue }
      switch system {
      case .schema(let schema):
        if !explicitRoots { roots = [:] }
        explicitRoots = true
        for root in schema.operationTypes { roots[root.operation] = root.type.name.value }
      case .directive(let directive):
        directives.append(
          GraphQLDirective(
            name: directive.name.value,
            locations: directive.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            arguments: directive.arguments.map(inputValue), isRepeatable: directive.isRepeatable))
      case .type(let type):
        types.append(namedType(type))
      }
    }
    types += standardScalars.map { .scalar($0) }
    func object(_ name: String?) -> GraphQLObjectType? {
      guard let name else { return nil }
      for case .object(let object) in types where object.name == name { return object }
      return nil
    }
    guard let query = object(roots[.query]) else { throw BuildError(message: "no query type") }
    return GraphQLSchema(
      queryType: query, mutationType: object(roots[.mutation]),
      subscriptionType: object(roots[.subscription]), types: types, directives: directives)
  }

  private static func namedType(_ definition: TypeDefinition) -> GraphQLNamedType {
    switch definition {
    case .scalar(let node):
      return .scalar(passThroughScalar(node.name.value))
    case .object(let node):
      return .object(
        GraphQLObjectType(
          name: node.name.value, fields: GraphQLFieldMap(node.fields.map(field)),
          interfaces: node.interfaces.map(\.name.value)))
    case .interface(let node):
      return .interface(
        GraphQLInterfaceType(
          name: node.name.value, fields: GraphQLFieldMap(node.fields.map(field)),
          interfaces: node.interfaces.map(\.name.value)))
    case .union(let node):
      return .union(GraphQLUnionType(name: node.name.value, types: node.types.map(\.name.value)))
    case .enumeration(let node):
      return .enumeration(
        GraphQLEnumType(
          name: node.name.value, values: node.values.map { GraphQLEnumValue(name: $0.name.value) }))
    case .inputObject(let node):
      return .inputObject(GraphQLInputObjectType(name: node.name.value, fields: node.fields.map(inputValue)))
    }
  }

  private static func field(_ node: FieldDefinition) -> GraphQLField {
    GraphQLField(
      name: node.name.value, type: GraphQLTypeReference(node.type), arguments: node.arguments.map(inputValue))
  }

  private static func inputValue(_ node: InputValueDefinition) -> GraphQLInputValue {
    GraphQLInputValue(
      name: node.name.value, type: GraphQLTypeReference(node.type), defaultValue: node.defaultValue)
  }

  private static let standardDirectives = [
    GraphQLDirective(
      name: "include", locations: [.field, .fragmentSpread, .inlineFragment],
      arguments: [GraphQLInputValue(name: "if", type: .nonNull(.named("Boolean")))]),
    GraphQLDirective(
      name: "skip", locations: [.field, .fragmentSpread, .inlineFragment],
      arguments: [GraphQLInputValue(name: "if", type: .nonNull(.named("Boolean")))]),
    GraphQLDirective(
      name: "deprecated",
      locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue],
      arguments: [
        GraphQLInputValue(
          name: "reason", type: .named("String"),
          defaultValue: .string("No longer supported", block: false, range: nil))
      ]),
    GraphQLDirective(
      name: "specifiedBy", locations: [.scalar],
      arguments: [GraphQLInputValue(name: "url", type: .nonNull(.named("String")))]),
  ]

  private static func passThroughScalar(_ name: String) -> GraphQLScalarType {
    GraphQLScalarType(
      name: name, serialize: { _ in .null }, parseValue: { $0 }, parseLiteral: { _ in .null })
  }

  /// The standard scalars' literal checks, with graphql-js's messages.
  private static let standardScalars: [GraphQLScalarType] = [
    scalar("Int") { value in
      guard case .int(let text, _) = value else {
        throw GraphQLError("Int cannot represent non-integer value: \(print(value))")
      }
      guard let number = Int32(text) else {
        throw GraphQLError("Int cannot represent non 32-bit signed integer value: \(text)")
      }
      return .int(Int(number))
    },
    scalar("Float") { value in
      switch value {
      case .int(let text, _), .float(let text, _): return .double(Double(text) ?? 0)
      default: throw GraphQLError("Float cannot represent non numeric value: \(print(value))")
      }
    },
    scalar("String") { value in
      guard case .string(let text, _, _) = value else {
        throw GraphQLError("String cannot represent a non string value: \(print(value))")
      }
      return .string(text)
    },
    scalar("Boolean") { value in
      guard case .boolean(let flag, _) = value else {
        throw GraphQLError("Boolean cannot represent a non boolean value: \(print(value))")
      }
      return .bool(flag)
    },
    scalar("ID") { value in
      switch value {
      case .string(let text, _, _), .int(let text, _): return .string(text)
      default: throw GraphQLError("ID cannot represent a non-string and non-integer value: \(print(value))")
      }
    },
  ]

  private static func scalar(
    _ name: String, parseLiteral: @escaping @Sendable (Value) throws -> JSON
  ) -> GraphQLScalarType {
    GraphQLScalarType(
      name: name, serialize: { _ in .null }, parseValue: { $0 }, parseLiteral: parseLiteral)
  }
}
