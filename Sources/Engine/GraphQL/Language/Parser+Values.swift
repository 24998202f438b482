// Values, directives and type references.
import GraphQLWire

extension Parser {
  /// Value[Const] : [~Const] Variable | IntValue | FloatValue | StringValue | BooleanValue |
  /// NullValue | EnumValue | ListValue[?Const] | ObjectValue[?Const]
  mutating func parseValueLiteral(isConst: Bool) throws(GraphQLError) -> Value {
    let start = token
    switch start.kind {
    case .bracketL:
      return try parseList(isConst: isConst)
    case .braceL:
      return try parseObject(isConst: isConst)
    case .int:
      try advance()
      return .int(text(of: start), range: range(from: start))
    case .float:
      try advance()
      return .float(text(of: start), range: range(from: start))
    case .string, .blockString:
      let literal = try parseStringLiteral()
      return .string(literal.value, block: literal.block, range: literal.range)
    case .name:
      try advance()
      if isKeyword(start, "true") { return .boolean(true, range: range(from: start)) }
      if isKeyword(start, "false") { return .boolean(false, range: range(from: start)) }
      if isKeyword(start, "null") { return .null(range: range(from: start)) }
      return .enumValue(text(of: start), range: range(from: start))
    case .dollar:
      if isConst {
        try advance()
        if peek(.name) {
          throw .syntax(
            source, at: start.start, "Unexpected variable \"$\(text(of: token))\" in constant value.")
        }
        throw unexpected(start)
      }
      return .variable(try parseVariable())
    default:
      throw unexpected()
    }
  }

  /// StringValue, as a node that remembers whether it was a block string.
  mutating func parseStringLiteral() throws(GraphQLError) -> StringLiteral {
    let start = token
    try advance()
    return StringLiteral(
      lexer.stringValue(of: start), block: start.kind == .blockString, range: range(from: start))
  }

  /// ListValue[Const] : [ ] | [ Value[?Const]+ ]
  mutating func parseList(isConst: Bool) throws(GraphQLError) -> Value {
    let start = token
    try expect(.bracketL)
    try enterNesting()
    var values: [Value] = []
    while try !expectOptional(.bracketR) {
      values.append(try parseValueLiteral(isConst: isConst))
    }
    leaveNesting()
    return .list(values, range: range(from: start))
  }

  /// ObjectValue[Const] : { } | { ObjectField[?Const]+ }
  mutating func parseObject(isConst: Bool) throws(GraphQLError) -> Value {
    let start = token
    try expect(.braceL)
    try enterNesting()
    var fields: [ObjectField] = []
    while try !expectOptional(.braceR) {
      fields.append(try parseObjectField(isConst: isConst))
    }
    leaveNesting()
    return .object(fields, range: range(from: start))
  }

  /// ObjectField[Const] : Name : Value[?Const]
  mutating func parseObjectField(isConst: Bool) throws(GraphQLError) -> ObjectField {
    let start = token
    let name = try parseName()
    try expect(.colon)
    let value = try parseValueLiteral(isConst: isConst)
    return ObjectField(name: name, value: value, packedRange: packedRange(from: start))
  }

  /// Directives[Const] : Directive[?Const]+
  mutating func parseDirectives(isConst: Bool) throws(GraphQLError) -> [Directive] {
    var directives: [Directive] = []
    while peek(.at) {
      directives.append(try parseDirective(isConst: isConst))
    }
    return directives
  }

  /// Directive[Const] : @ Name Arguments[?Const]?
  mutating func parseDirective(isConst: Bool) throws(GraphQLError) -> Directive {
    let start = token
    try expect(.at)
    let name = try parseName()
    let arguments = try parseArguments(isConst: isConst)
    return Directive(name: name, arguments: arguments, packedRange: packedRange(from: start))
  }

  /// Type : NamedType | ListType | NonNullType
  ///
  /// ListType : [ Type ]; NonNullType : NamedType ! | ListType !
  mutating func parseTypeReference() throws(GraphQLError) -> TypeReference {
    let start = token
    var type: TypeReference
    if try expectOptional(.bracketL) {
      try enterNesting()
      let inner = try parseTypeReference()
      try expect(.bracketR)
      leaveNesting()
      type = .list(inner, range: range(from: start))
    } else {
      type = .named(try parseNamedType())
    }
    if try expectOptional(.bang) {
      type = .nonNull(type, range: range(from: start))
    }
    return type
  }

  /// NamedType : Name
  mutating func parseNamedType() throws(GraphQLError) -> NamedType {
    let start = token
    let name = try parseName()
    return NamedType(name: name, packedRange: packedRange(from: start))
  }
}
