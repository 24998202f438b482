import GraphQLWire

/// The schema element a coordinate names (graphql-js 16.12 `ResolvedSchemaElement`).
public enum ResolvedSchemaElement: Sendable {
  case namedType(GraphQLNamedType)
  case field(type: GraphQLNamedType, field: GraphQLField)
  case inputField(type: GraphQLInputObjectType, field: GraphQLInputValue)
  case enumValue(type: GraphQLEnumType, value: GraphQLEnumValue)
  case fieldArgument(type: GraphQLNamedType, field: GraphQLField, argument: GraphQLInputValue)
  case directive(GraphQLDirective)
  case directiveArgument(directive: GraphQLDirective, argument: GraphQLInputValue)
}

extension GraphQLSchema {
  /// The element `coordinate` names (spec September 2025, "Schema Coordinates" semantics;
  /// graphql-js 16.12 `resolveSchemaCoordinate`).
  ///
  /// - Parameter coordinate: the coordinate, such as `Query.launch(id:)`.
  /// - Returns: the element, or nil when the last name names nothing.
  /// - Throws: `GraphQLError` for a syntax error, or when the type, field or directive that
  ///   contains the named element does not exist or cannot have members (graphql-js's messages).
  public func resolve(_ coordinate: String) throws(GraphQLError) -> ResolvedSchemaElement? {
    try resolve(try SchemaCoordinate(parsing: coordinate))
  }

  /// The element a parsed coordinate names; see `resolve(_:)-String`.
  public func resolve(_ coordinate: SchemaCoordinate) throws(GraphQLError) -> ResolvedSchemaElement? {
    switch coordinate {
    case .type(let name):
      return typeMap[name].map(ResolvedSchemaElement.namedType)
    case .member(let typeName, let member):
      guard let type = typeMap[typeName] else {
        throw GraphQLError("Expected \"\(typeName)\" to be defined as a type in the schema.")
      }
      switch type {
      case .enumeration(let enumeration):
        return enumeration.values.first { $0.name == member }.map { .enumValue(type: enumeration, value: $0) }
      case .inputObject(let input):
        return input.field(member).map { .inputField(type: input, field: $0) }
      case .object, .interface:
        return type.fields?[member].map { .field(type: type, field: $0) }
      case .scalar, .union:
        throw GraphQLError("Expected \"\(typeName)\" to be an Enum, Input Object, Object or Interface type.")
      }
    case .argument(let typeName, let fieldName, let argumentName):
      guard let type = typeMap[typeName] else {
        throw GraphQLError("Expected \"\(typeName)\" to be defined as a type in the schema.")
      }
      guard let fields = type.fields else {
        throw GraphQLError("Expected \"\(typeName)\" to be an object type or interface type.")
      }
      guard let field = fields[fieldName] else {
        throw GraphQLError(
          "Expected \"\(fieldName)\" to exist as a field of type \"\(typeName)\" in the schema.")
      }
      return field.arguments.first { $0.name == argumentName }.map {
        .fieldArgument(type: type, field: field, argument: $0)
      }
    case .directive(let name):
      return directives.first { $0.name == name }.map(ResolvedSchemaElement.directive)
    case .directiveArgument(let directiveName, let argumentName):
      guard let directive = directives.first(where: { $0.name == directiveName }) else {
        throw GraphQLError("Expected \"\(directiveName)\" to be defined as a directive in the schema.")
      }
      return directive.arguments.first { $0.name == argumentName }.map {
        .directiveArgument(directive: directive, argument: $0)
      }
    }
  }
}
