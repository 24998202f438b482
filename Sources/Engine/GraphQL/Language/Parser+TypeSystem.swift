// Type-system definitions: schema, types, fields, arguments, enum values, directives.
import GraphQLWire

extension Parser {
  /// Description : StringValue
  mutating func parseDescription() throws(GraphQLError) -> StringLiteral? {
    peek(.string) || peek(.blockString) ? try parseStringLiteral() : nil
  }

  /// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
  mutating func parseSchemaDefinition() throws(GraphQLError) -> SchemaDefinition {
    let start = token
    let description = try parseDescription()
    try expectKeyword("schema")
    let directives = try parseDirectives(isConst: true)
    let operationTypes = try many(.braceL, .braceR) { parser throws(GraphQLError) in
      try parser.parseRootOperationTypeDefinition()
    }
    return SchemaDefinition(
      description: description, directives: directives, operationTypes: operationTypes,
      range: range(from: start))
  }

  /// RootOperationTypeDefinition : OperationType : NamedType
  mutating func parseRootOperationTypeDefinition() throws(GraphQLError) -> RootOperationTypeDefinition {
    let start = token
    let operation = try parseOperationType()
    try expect(.colon)
    let type = try parseNamedType()
    return RootOperationTypeDefinition(operation: operation, type: type, range: range(from: start))
  }

  /// ScalarTypeDefinition : Description? scalar Name Directives[Const]?
  mutating func parseScalarTypeDefinition() throws(GraphQLError) -> ScalarTypeDefinition {
    let start = token
    let description = try parseDescription()
    try expectKeyword("scalar")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    return ScalarTypeDefinition(
      description: description, name: name, directives: directives, range: range(from: start))
  }

  /// ObjectTypeDefinition : Description? type Name ImplementsInterfaces? Directives[Const]?
  /// FieldsDefinition?, and InterfaceTypeDefinition, the same after `interface`.
  mutating func parseObjectTypeDefinition(_ keyword: StaticString = "type") throws(GraphQLError)
    -> ObjectTypeDefinition
  {
    let start = token
    let description = try parseDescription()
    try expectKeyword(keyword)
    let name = try parseName()
    let interfaces = try parseImplementsInterfaces()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseFieldsDefinition()
    return ObjectTypeDefinition(
      description: description, name: name, interfaces: interfaces, directives: directives, fields: fields,
      range: range(from: start))
  }

  /// ImplementsInterfaces : implements &? NamedType | ImplementsInterfaces & NamedType
  mutating func parseImplementsInterfaces() throws(GraphQLError) -> [NamedType] {
    guard try expectOptionalKeyword("implements") else { return [] }
    return try delimitedMany(.amp) { parser throws(GraphQLError) in try parser.parseNamedType() }
  }

  /// FieldsDefinition : { FieldDefinition+ }
  mutating func parseFieldsDefinition() throws(GraphQLError) -> [FieldDefinition] {
    try optionalMany(.braceL, .braceR) { parser throws(GraphQLError) in try parser.parseFieldDefinition() }
  }

  /// FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?
  mutating func parseFieldDefinition() throws(GraphQLError) -> FieldDefinition {
    let start = token
    let description = try parseDescription()
    let name = try parseName()
    let arguments = try parseArgumentDefinitions()
    try expect(.colon)
    let type = try parseTypeReference()
    let directives = try parseDirectives(isConst: true)
    return FieldDefinition(
      description: description, name: name, arguments: arguments, type: type, directives: directives,
      range: range(from: start))
  }

  /// ArgumentsDefinition : ( InputValueDefinition+ )
  mutating func parseArgumentDefinitions() throws(GraphQLError) -> [InputValueDefinition] {
    try optionalMany(.parenL, .parenR) { parser throws(GraphQLError) in
      try parser.parseInputValueDefinition()
    }
  }

  /// InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?
  mutating func parseInputValueDefinition() throws(GraphQLError) -> InputValueDefinition {
    let start = token
    let description = try parseDescription()
    let name = try parseName()
    try expect(.colon)
    let type = try parseTypeReference()
    let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
    let directives = try parseDirectives(isConst: true)
    return InputValueDefinition(
      description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
      range: range(from: start))
  }

  /// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?
  mutating func parseUnionTypeDefinition() throws(GraphQLError) -> UnionTypeDefinition {
    let start = token
    let description = try parseDescription()
    try expectKeyword("union")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let types = try parseUnionMemberTypes()
    return UnionTypeDefinition(
      description: description, name: name, directives: directives, types: types, range: range(from: start))
  }

  /// UnionMemberTypes : = |? NamedType | UnionMemberTypes | NamedType
  mutating func parseUnionMemberTypes() throws(GraphQLError) -> [NamedType] {
    guard try expectOptional(.equals) else { return [] }
    return try delimitedMany(.pipe) { parser throws(GraphQLError) in try parser.parseNamedType() }
  }

  /// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?
  mutating func parseEnumTypeDefinition() throws(GraphQLError) -> EnumTypeDefinition {
    let start = token
    let description = try parseDescription()
    try expectKeyword("enum")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let values = try parseEnumValuesDefinition()
    return EnumTypeDefinition(
      description: description, name: name, directives: directives, values: values, range: range(from: start))
  }

  /// EnumValuesDefinition : { EnumValueDefinition+ }
  mutating func parseEnumValuesDefinition() throws(GraphQLError) -> [EnumValueDefinition] {
    try optionalMany(.braceL, .braceR) { parser throws(GraphQLError) in
      try parser.parseEnumValueDefinition()
    }
  }

  /// EnumValueDefinition : Description? EnumValue Directives[Const]?
  ///
  /// EnumValue : Name but not `true`, `false` or `null`
  mutating func parseEnumValueDefinition() throws(GraphQLError) -> EnumValueDefinition {
    let start = token
    let description = try parseDescription()
    if token.kind.hasValue {
      let value = value(of: token)
      if value == "true" || value == "false" || value == "null" {
        throw .syntax(
          source, at: token.start, "\(describe(token)) is reserved and cannot be used for an enum value.")
      }
    }
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    return EnumValueDefinition(
      description: description, name: name, directives: directives, range: range(from: start))
  }

  /// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition?
  mutating func parseInputObjectTypeDefinition() throws(GraphQLError) -> InputObjectTypeDefinition {
    let start = token
    let description = try parseDescription()
    try expectKeyword("input")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseInputFieldsDefinition()
    return InputObjectTypeDefinition(
      description: description, name: name, directives: directives, fields: fields, range: range(from: start))
  }

  /// InputFieldsDefinition : { InputValueDefinition+ }
  mutating func parseInputFieldsDefinition() throws(GraphQLError) -> [InputValueDefinition] {
    try optionalMany(.braceL, .braceR) { parser throws(GraphQLError) in
      try parser.parseInputValueDefinition()
    }
  }

  /// DirectiveDefinition : Description? directive @ Name ArgumentsDefinition? `repeatable`? on
  /// DirectiveLocations
  mutating func parseDirectiveDefinition() throws(GraphQLError) -> DirectiveDefinition {
    let start = token
    let description = try parseDescription()
    try expectKeyword("directive")
    try expect(.at)
    let name = try parseName()
    let arguments = try parseArgumentDefinitions()
    let directives = try parseDirectives(isConst: true)
    let isRepeatable = try expectOptionalKeyword("repeatable")
    try expectKeyword("on")
    let locations = try delimitedMany(.pipe) { parser throws(GraphQLError) in
      try parser.parseDirectiveLocation()
    }
    return DirectiveDefinition(
      description: description, name: name, arguments: arguments, directives: directives,
      isRepeatable: isRepeatable, locations: locations, range: range(from: start))
  }

  /// DirectiveLocation : ExecutableDirectiveLocation | TypeSystemDirectiveLocation
  mutating func parseDirectiveLocation() throws(GraphQLError) -> Name {
    let start = token
    let name = try parseName()
    guard Parser.directiveLocations.contains(name.value) else { throw unexpected(start) }
    return name
  }

  /// The names DirectiveLocation allows.
  static let directiveLocations: Set<String> = [
    "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD",
    "INLINE_FRAGMENT", "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT", "FIELD_DEFINITION",
    "ARGUMENT_DEFINITION", "INTERFACE", "UNION", "ENUM", "ENUM_VALUE", "INPUT_OBJECT",
    "INPUT_FIELD_DEFINITION", "DIRECTIVE_DEFINITION",
  ]
}
