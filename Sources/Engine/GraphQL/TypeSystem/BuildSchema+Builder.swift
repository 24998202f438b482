import GraphQLWire

/// The parts of a schema before it is validated and assembled.
struct SchemaParts {
  var description: String?
  /// Every type a name can refer to: the SDL's types, the built-in scalars, the introspection types.
  var typeMap: [String: GraphQLNamedType]
  /// The names of the schema's types (those reachable), in graphql-js's type map order.
  var typeNames: [String]
  var queryType: String?
  var mutationType: String?
  var subscriptionType: String?
  /// Where the root operation types were named, for errors.
  var operationTypeRanges: [OperationType: SourceRange] = [:]
  /// The `schema` definition's range, if there is one.
  var schemaRange: SourceRange?
  var directives: [GraphQLDirective]

  /// The root type name for an operation type.
  func rootTypeName(_ operation: OperationType) -> String? {
    switch operation {
    case .query: queryType
    case .mutation: mutationType
    case .subscription: subscriptionType
    }
  }

  /// Assembles the schema; the parts must have passed validation.
  func makeSchema(queryType: GraphQLObjectType) -> GraphQLSchema {
    func object(_ name: String?) -> GraphQLObjectType? {
      if let name, case .object(let type)? = typeMap[name] { type } else { nil }
    }
    return GraphQLSchema(
      description: description, queryType: queryType, mutationType: object(mutationType),
      subscriptionType: object(subscriptionType), types: typeNames.compactMap { typeMap[$0] },
      directives: directives)
  }

  /// The names of the types reachable from `roots`, ordered as graphql-js's `GraphQLSchema`
  /// constructor orders its type map (each listed type moves to the end when it is visited,
  /// followed by the types it references).
  static func orderedTypeNames(
    listed: [String], roots: [String], directives: [GraphQLDirective], typeMap: [String: GraphQLNamedType]
  ) -> [String] {
    var sequence: [String: Int] = [:]
    var counter = 0
    func collect(_ name: String) {
      guard sequence[name] == nil, let type = typeMap[name] else { return }
      sequence[name] = counter
      counter += 1
      switch type {
      case .union(let union): union.types.forEach(collect)
      case .object(let object): collectFields(interfaces: object.interfaces, fields: object.fields)
      case .interface(let interface):
        collectFields(interfaces: interface.interfaces, fields: interface.fields)
      case .inputObject(let input): input.fields.forEach { collect($0.type.namedType) }
      case .scalar, .enumeration: break
      }
    }
    func collectFields(interfaces: [String], fields: GraphQLFieldMap) {
      interfaces.forEach(collect)
      for field in fields.ordered {
        collect(field.type.namedType)
        field.arguments.forEach { collect($0.type.namedType) }
      }
    }
    for name in listed where sequence[name] == nil {
      sequence[name] = counter
      counter += 1
    }
    for name in listed {
      sequence[name] = nil
      collect(name)
    }
    roots.forEach(collect)
    for directive in directives { directive.arguments.forEach { collect($0.type.namedType) } }
    collect("__Schema")
    return sequence.sorted { $0.value < $1.value }.map(\.key)
  }
}

/// Turns the definitions of an SDL document into schema types, applying extensions.
///
/// Each type's `definition` is its definition node with the members its extensions add appended,
/// so that errors about those members point at the extension.
struct SchemaBuilder {
  let index: SchemaDocumentIndex

  func build() -> SchemaParts {
    var typeMap: [String: GraphQLNamedType] = [:]
    for definition in index.typeDefinitions where typeMap[definition.name.value] == nil {
      typeMap[definition.name.value] = buildType(definition)
    }
    for scalar in GraphQLScalarType.specified { typeMap[scalar.name] = .scalar(scalar) }
    for type in IntrospectionTypes.all { typeMap[type.name] = type }

    var directives = index.directiveDefinitions.map(buildDirective)
    for directive in GraphQLDirective.specified
    where !directives.contains(where: { $0.name == directive.name }) {
      directives.append(directive)
    }

    var roots: [OperationType: String] = [:]
    var ranges: [OperationType: SourceRange] = [:]
    let operationNodes =
      index.schemaDefinitions.prefix(1).flatMap(\.operationTypes)
      + index.schemaExtensions.flatMap(\.operationTypes)
    for node in operationNodes {
      roots[node.operation] = node.type.name.value
      ranges[node.operation] = node.type.range
    }
    if index.schemaDefinitions.isEmpty {
      for operation in OperationType.allCases {
        let name = Self.defaultRootTypeName(operation)
        if index.typeDefinitionByName[name] != nil { roots[operation] = name }
      }
    }
    let listed = index.typeDefinitions.map(\.name.value)
    let rootNames = OperationType.allCases.compactMap { roots[$0] }
    var parts = SchemaParts(
      description: index.schemaDefinitions.first?.description?.value, typeMap: typeMap,
      typeNames: SchemaParts.orderedTypeNames(
        listed: listed, roots: rootNames, directives: directives, typeMap: typeMap),
      queryType: roots[.query], mutationType: roots[.mutation], subscriptionType: roots[.subscription],
      directives: directives)
    parts.operationTypeRanges = ranges
    parts.schemaRange = index.schemaDefinitions.first?.range
    return parts
  }

  private func extensions(of name: Name) -> [TypeSystemExtension] { index.extensionsByName[name.value] ?? [] }

  private func buildType(_ definition: TypeDefinition) -> GraphQLNamedType {
    if let scalar = GraphQLScalarType.specified(named: definition.name.value) { return .scalar(scalar) }
    let typeExtensions = extensions(of: definition.name)
    switch definition {
    case .scalar(var node):
      for case .scalar(let more) in typeExtensions { node.directives += more.directives }
      return .scalar(
        .custom(
          name: node.name.value, description: node.description?.value,
          specifiedByURL: Self.specifiedByURL(node.directives), definition: node))
    case .object(var node):
      for case .object(let more) in typeExtensions {
        node.interfaces += more.interfaces
        node.directives += more.directives
        node.fields += more.fields
      }
      return .object(
        GraphQLObjectType(
          name: node.name.value, description: node.description?.value,
          fields: GraphQLFieldMap(node.fields.map(buildField)), interfaces: node.interfaces.map(\.name.value),
          definition: node))
    case .interface(var node):
      for case .interface(let more) in typeExtensions {
        node.interfaces += more.interfaces
        node.directives += more.directives
        node.fields += more.fields
      }
      return .interface(
        GraphQLInterfaceType(
          name: node.name.value, description: node.description?.value,
          fields: GraphQLFieldMap(node.fields.map(buildField)), interfaces: node.interfaces.map(\.name.value),
          definition: node))
    case .union(var node):
      for case .union(let more) in typeExtensions {
        node.directives += more.directives
        node.types += more.types
      }
      return .union(
        GraphQLUnionType(
          name: node.name.value, description: node.description?.value, types: node.types.map(\.name.value),
          definition: node))
    case .enumeration(var node):
      for case .enumeration(let more) in typeExtensions {
        node.directives += more.directives
        node.values += more.values
      }
      let values = node.values.map {
        GraphQLEnumValue(
          name: $0.name.value, description: $0.description?.value,
          deprecationReason: Self.deprecationReason($0.directives), definition: $0)
      }
      return .enumeration(
        GraphQLEnumType(
          name: node.name.value, description: node.description?.value, values: values, definition: node))
    case .inputObject(var node):
      // As graphql-js, only the definition's own `@oneOf` counts, not an extension's.
      let isOneOf = node.directives.contains { $0.name.value == GraphQLDirective.oneOf.name }
      for case .inputObject(let more) in typeExtensions {
        node.directives += more.directives
        node.fields += more.fields
      }
      return .inputObject(
        GraphQLInputObjectType(
          name: node.name.value, description: node.description?.value,
          fields: node.fields.map(buildInputValue), isOneOf: isOneOf,
          definition: node))
    }
  }

  private func buildField(_ node: FieldDefinition) -> GraphQLField {
    GraphQLField(
      name: node.name.value, description: node.description?.value, type: GraphQLTypeReference(node.type),
      arguments: node.arguments.map(buildInputValue),
      deprecationReason: Self.deprecationReason(node.directives),
      definition: node)
  }

  private func buildInputValue(_ node: InputValueDefinition) -> GraphQLInputValue {
    GraphQLInputValue(
      name: node.name.value, description: node.description?.value, type: GraphQLTypeReference(node.type),
      defaultValue: node.defaultValue, deprecationReason: Self.deprecationReason(node.directives),
      definition: node)
  }

  private func buildDirective(_ node: DirectiveDefinition) -> GraphQLDirective {
    GraphQLDirective(
      name: node.name.value, description: node.description?.value,
      locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
      arguments: node.arguments.map(buildInputValue), isRepeatable: node.isRepeatable,
      deprecationReason: Self.deprecationReason(node.directives), definition: node)
  }

  /// The `@deprecated` reason: the `reason` argument, the default reason when it is omitted, or
  /// nil when the element is not deprecated (or the reason is an explicit null).
  static func deprecationReason(_ directives: [Directive]) -> String? {
    guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
    guard let reason = directive.arguments.first(where: { $0.name.value == "reason" }) else {
      return GraphQLDirective.defaultDeprecationReason
    }
    switch reason.value {
    case .string(let text, _, _): return text
    case .null: return nil
    default: return GraphQLDirective.defaultDeprecationReason
    }
  }

  /// The conventional root type name: `Query`, `Mutation` or `Subscription`.
  static func defaultRootTypeName(_ operation: OperationType) -> String {
    switch operation {
    case .query: "Query"
    case .mutation: "Mutation"
    case .subscription: "Subscription"
    }
  }

  /// The `@specifiedBy(url:)` value, if the directive is present.
  static func specifiedByURL(_ directives: [Directive]) -> String? {
    guard let directive = directives.first(where: { $0.name.value == "specifiedBy" }),
      case .string(let url, _, _)? = directive.arguments.first(where: { $0.name.value == "url" })?.value
    else { return nil }
    return url
  }
}
