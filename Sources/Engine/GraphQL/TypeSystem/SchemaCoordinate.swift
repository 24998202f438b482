import GraphQLWire

/// A schema coordinate (spec September 2025, "Schema Coordinates"; graphql-js 16.12
/// `parseSchemaCoordinate`): the name of one element of a schema, such as `Query.launch(id:)`.
///
/// SchemaCoordinate : Name | Name . Name | Name . Name ( Name : ) | @ Name | @ Name ( Name : )
///
/// Unlike a document, a coordinate has no ignored characters: no spaces, commas or comments.
public enum SchemaCoordinate: Hashable, Sendable, CustomStringConvertible {
  /// `Type`
  case type(String)
  /// `Type.member`: a field, an input field or an enum value.
  case member(type: String, member: String)
  /// `Type.field(argument:)`
  case argument(type: String, field: String, argument: String)
  /// `@directive`
  case directive(String)
  /// `@directive(argument:)`
  case directiveArgument(directive: String, argument: String)

  /// Parses a coordinate.
  ///
  /// - Parameter text: the coordinate, such as `Query.launch(id:)`.
  /// - Throws: `GraphQLError` with graphql-js's syntax error message and location.
  public init(parsing text: String) throws(GraphQLError) {
    var parser = SchemaCoordinateParser(source: Source(text, name: "GraphQL request"))
    self = try parser.parse()
  }

  /// The coordinate as written.
  public var description: String {
    switch self {
    case .type(let name): name
    case .member(let type, let member): "\(type).\(member)"
    case .argument(let type, let field, let argument): "\(type).\(field)(\(argument):)"
    case .directive(let name): "@\(name)"
    case .directiveArgument(let directive, let argument): "@\(directive)(\(argument):)"
    }
  }
}

/// The grammar of `SchemaCoordinate`, over its own token rules: the five punctuators and names,
/// and nothing else (graphql-js's `SchemaCoordinateLexer`).
private struct SchemaCoordinateParser {
  enum Token: Equatable {
    case punctuator(UInt8)
    case name(String)
    case end

    /// graphql-js's `getTokenDesc`.
    var description: String {
      switch self {
      case .punctuator(let byte): "\"\(Character(Unicode.Scalar(byte)))\""
      case .name(let name): "Name \"\(name)\""
      case .end: "<EOF>"
      }
    }
  }

  let source: Source
  let bytes: [UInt8]
  var position = 0
  var token = Token.end
  var tokenStart = 0

  init(source: Source) {
    self.source = source
    self.bytes = Array(source.body.utf8)
  }

  mutating func parse() throws(GraphQLError) -> SchemaCoordinate {
    try advance()
    let ofDirective = try accept(0x40)  // @
    let name = try expectName()
    var member: String?
    if !ofDirective, try accept(0x2E) { member = try expectName() }  // .
    var argument: String?
    if ofDirective || member != nil, try accept(0x28) {  // (
      argument = try expectName()
      try expect(0x3A)  // :
      try expect(0x29)  // )
    }
    guard token == .end else {
      throw .syntax(source, at: tokenStart, "Expected <EOF>, found \(token.description).")
    }
    switch (ofDirective, member, argument) {
    case (true, _, let argument?): return .directiveArgument(directive: name, argument: argument)
    case (true, _, nil): return .directive(name)
    case (false, let member?, let argument?): return .argument(type: name, field: member, argument: argument)
    case (false, let member?, nil): return .member(type: name, member: member)
    case (false, nil, _): return .type(name)
    }
  }

  private mutating func advance() throws(GraphQLError) {
    tokenStart = position
    guard position < bytes.count else {
      token = .end
      return
    }
    let byte = bytes[position]
    switch byte {
    case 0x2E, 0x28, 0x29, 0x3A, 0x40:
      position += 1
      token = .punctuator(byte)
    default:
      guard Lexer.isNameStart(byte) else {
        let character = Lexer(source: source).describeCharacter(at: position)
        throw .syntax(source, at: position, "Invalid character: \(character).")
      }
      let start = position
      while position < bytes.count, Lexer.isNameContinue(bytes[position]) { position += 1 }
      token = .name(String(decoding: bytes[start..<position], as: UTF8.self))
    }
  }

  private mutating func accept(_ punctuator: UInt8) throws(GraphQLError) -> Bool {
    guard token == .punctuator(punctuator) else { return false }
    try advance()
    return true
  }

  private mutating func expect(_ punctuator: UInt8) throws(GraphQLError) {
    guard try accept(punctuator) else {
      let expected = Token.punctuator(punctuator).description
      throw .syntax(source, at: tokenStart, "Expected \(expected), found \(token.description).")
    }
  }

  private mutating func expectName() throws(GraphQLError) -> String {
    guard case .name(let name) = token else {
      throw .syntax(source, at: tokenStart, "Expected Name, found \(token.description).")
    }
    try advance()
    return name
  }
}
