// Type-system extensions: `extend schema` and `extend <type kind>`.
import GraphQLWire

extension Parser {
  /// TypeSystemExtension : SchemaExtension | TypeExtension
  mutating func parseTypeSystemExtension() throws(GraphQLError) -> TypeSystemExtension {
    let keyword = try lexer.lookahead()
    if keyword.kind == .name {
      switch text(of: keyword) {
      case "schema": return .schema(try parseSchemaExtension())
      case "scalar": return .scalar(try parseScalarTypeExtension())
      case "type": return .object(try parseObjectTypeExtension())
      case "interface": return .interface(try parseObjectTypeExtension("interface"))
      case "union": return .union(try parseUnionTypeExtension())
      case "enum": return .enumeration(try parseEnumTypeExtension())
      case "input": return .inputObject(try parseInputObjectTypeExtension())
      default: break
      }
    }
    throw unexpected(keyword)
  }

  /// SchemaExtension : extend schema Directives[Const]? { RootOperationTypeDefinition+ } |
  /// extend schema Directives[Const]
  mutating func parseSchemaExtension() throws(GraphQLError) -> SchemaExtension {
    let start = token
    try expectKeyword("extend")
    try expectKeyword("schema")
    let directives = try parseDirectives(isConst: true)
    let operationTypes = try optionalMany(.braceL, .braceR) { parser throws(GraphQLError) in
      try parser.parseRootOperationTypeDefinition()
    }
    if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
    return SchemaExtension(directives: directives, operationTypes: operationTypes, range: range(from: start))
  }

  /// ScalarTypeExtension : extend scalar Name Directives[Const]
  mutating func parseScalarTypeExtension() throws(GraphQLError) -> ScalarTypeDefinition {
    let start = token
    try expectKeyword("extend")
    try expectKeyword("scalar")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    if directives.isEmpty { throw unexpected() }
    return ScalarTypeDefinition(name: name, directives: directives, range: range(from: start))
  }

  /// ObjectTypeExtension : extend type Name ImplementsInterfaces? Directives[Const]?
  /// FieldsDefinition (at least one of the three), and InterfaceTypeExtension, the same after
  /// `extend interface`.
  mutating func parseObjectTypeExtension(_ keyword: StaticString = "type") throws(GraphQLError)
    -> ObjectTypeDefinition
  {
    let start = token
    try expectKeyword("extend")
    try expectKeyword(keyword)
    let name = try parseName()
    let interfaces = try parseImplementsInterfaces()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseFieldsDefinition()
    if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
    return ObjectTypeDefinition(
      name: name, interfaces: interfaces, directives: directives, fields: fields, range: range(from: start))
  }

  /// UnionTypeExtension : extend union Name Directives[Const]? UnionMemberTypes (at least one)
  mutating func parseUnionTypeExtension() throws(GraphQLError) -> UnionTypeDefinition {
    let start = token
    try expectKeyword("extend")
    try expectKeyword("union")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let types = try parseUnionMemberTypes()
    if directives.isEmpty && types.isEmpty { throw unexpected() }
    return UnionTypeDefinition(name: name, directives: directives, types: types, range: range(from: start))
  }

  /// EnumTypeExtension : extend enum Name Directives[Const]? EnumValuesDefinition (at least one)
  mutating func parseEnumTypeExtension() throws(GraphQLError) -> EnumTypeDefinition {
    let start = token
    try expectKeyword("extend")
    try expectKeyword("enum")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let values = try parseEnumValuesDefinition()
    if directives.isEmpty && values.isEmpty { throw unexpected() }
    return EnumTypeDefinition(name: name, directives: directives, values: values, range: range(from: start))
  }

  /// InputObjectTypeExtension : extend input Name Directives[Const]? InputFieldsDefinition (at least
  /// one)
  mutating func parseInputObjectTypeExtension() throws(GraphQLError) -> InputObjectTypeDefinition {
    let start = token
    try expectKeyword("extend")
    try expectKeyword("input")
    let name = try parseName()
    let directives = try parseDirectives(isConst: true)
    let fields = try parseInputFieldsDefinition()
    if directives.isEmpty && fields.isEmpty { throw unexpected() }
    return InputObjectTypeDefinition(
      name: name, directives: directives, fields: fields, range: range(from: start))
  }
}
