// The document and the executable definitions: operations, selections, fragments.
import GraphQLWire

extension Parser {
  /// Document : Definition+
  ///
  /// - Parameter ownsSource: whether the source was made for this parse alone (see
  ///   `DocumentIdentity`).
  mutating func parseDocument(ownsSource: Bool = false) throws(GraphQLError) -> Document {
    try expect(.startOfFile)
    var definitions: [Definition] = []
    repeat {
      definitions.append(try parseDefinition())
    } while try !expectOptional(.endOfFile)
    let range = options.noLocation ? nil : SourceRange(start: 0, end: lexer.bytes.count)
    return Document(
      definitions: definitions, range: range, source: source,
      identity: ownsSource ? DocumentIdentity(owning: source) : DocumentIdentity())
  }

  /// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension
  ///
  /// Type-system definitions may start with a description, so the keyword may be one token ahead.
  mutating func parseDefinition() throws(GraphQLError) -> Definition {
    if peek(.braceL) { return .operation(try parseOperationDefinition()) }
    let hasDescription = peek(.string) || peek(.blockString)
    let keyword = hasDescription ? try lexer.lookahead() : token
    if hasDescription && keyword.kind == .braceL {
      throw .syntax(
        source, at: token.start,
        "Unexpected description, descriptions are not supported on shorthand queries.")
    }
    if keyword.kind == .name {
      // Executable definitions first, compared in place: they are what servers parse, and
      // matching a new `String` against each type-system keyword showed in profiles.
      if !hasDescription {
        if isKeyword(keyword, "query") || isKeyword(keyword, "mutation") || isKeyword(keyword, "subscription")
        {
          return .operation(try parseOperationDefinition())
        }
        if isKeyword(keyword, "fragment") { return .fragment(try parseFragmentDefinition()) }
      }
      switch text(of: keyword) {
      case "schema": return .typeSystem(.schema(try parseSchemaDefinition()))
      case "scalar": return .typeSystem(.type(.scalar(try parseScalarTypeDefinition())))
      case "type": return .typeSystem(.type(.object(try parseObjectTypeDefinition())))
      case "interface": return .typeSystem(.type(.interface(try parseObjectTypeDefinition("interface"))))
      case "union": return .typeSystem(.type(.union(try parseUnionTypeDefinition())))
      case "enum": return .typeSystem(.type(.enumeration(try parseEnumTypeDefinition())))
      case "input": return .typeSystem(.type(.inputObject(try parseInputObjectTypeDefinition())))
      case "directive": return .typeSystem(.directive(try parseDirectiveDefinition()))
      default: break
      }
      // Operations and fragments may have descriptions too (spec September 2025, graphql-js 16.12).
      if isKeyword(keyword, "query") || isKeyword(keyword, "mutation") || isKeyword(keyword, "subscription") {
        return .operation(try parseOperationDefinition())
      }
      if isKeyword(keyword, "fragment") { return .fragment(try parseFragmentDefinition()) }
      if hasDescription {
        throw .syntax(
          source, at: token.start, "Unexpected description, only GraphQL definitions support descriptions.")
      }
      if isKeyword(keyword, "extend") { return .typeSystemExtension(try parseTypeSystemExtension()) }
    }
    throw unexpected(keyword)
  }

  /// OperationDefinition : SelectionSet | Description? OperationType Name? VariableDefinitions?
  /// Directives? SelectionSet
  mutating func parseOperationDefinition() throws(GraphQLError) -> OperationDefinition {
    let start = token
    if peek(.braceL) {
      let selectionSet = try parseSelectionSet()
      return OperationDefinition(
        operation: .query, name: nil, variableDefinitions: [], directives: [], selectionSet: selectionSet,
        packedRange: packedRange(from: start))
    }
    let description = try parseDescription()
    let operation = try parseOperationType()
    let name = peek(.name) ? try parseName() : nil
    let variableDefinitions = try parseVariableDefinitions()
    let directives = try parseDirectives(isConst: false)
    let selectionSet = try parseSelectionSet()
    return OperationDefinition(
      description: description, operation: operation, name: name, variableDefinitions: variableDefinitions,
      directives: directives, selectionSet: selectionSet, packedRange: packedRange(from: start))
  }

  /// OperationType : one of `query` `mutation` `subscription`
  mutating func parseOperationType() throws(GraphQLError) -> OperationType {
    let operationToken = try expect(.name)
    if isKeyword(operationToken, "query") { return .query }
    if isKeyword(operationToken, "mutation") { return .mutation }
    if isKeyword(operationToken, "subscription") { return .subscription }
    throw unexpected(operationToken)
  }

  /// VariableDefinitions : ( VariableDefinition+ )
  mutating func parseVariableDefinitions() throws(GraphQLError) -> [VariableDefinition] {
    try optionalMany(.parenL, .parenR) { parser throws(GraphQLError) in try parser.parseVariableDefinition() }
  }

  /// VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]?
  mutating func parseVariableDefinition() throws(GraphQLError) -> VariableDefinition {
    let start = token
    let description = try parseDescription()
    let variable = try parseVariable()
    try expect(.colon)
    let type = try parseTypeReference()
    let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
    let directives = try parseDirectives(isConst: true)
    return VariableDefinition(
      description: description, variable: variable, type: type, defaultValue: defaultValue,
      directives: directives, packedRange: packedRange(from: start))
  }

  /// Variable : $ Name
  mutating func parseVariable() throws(GraphQLError) -> Variable {
    let start = token
    try expect(.dollar)
    let name = try parseName()
    return Variable(name: name, packedRange: packedRange(from: start))
  }

  /// SelectionSet : { Selection+ }
  mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSet {
    let start = token
    try expect(.braceL)
    try enterNesting()
    // Most selection sets are small; reserving up front saves regrowing an array of large
    // elements, which shows in profiles. Six (608 bytes; a `Selection` is 96), not eight: with
    // eight (800 bytes) glibc's malloc took its general path for every selection set of a parse,
    // with six its per-thread cache serves them (LaunchList's parse: 18,618 -> 17,484
    // instructions, callgrind).
    var selections: [Selection] = []
    selections.reserveCapacity(6)
    repeat {
      selections.append(try parseSelection())
    } while try !expectOptional(.braceR)
    leaveNesting()
    return SelectionSet(selections: selections, packedRange: packedRange(from: start))
  }

  /// Selection : Field | FragmentSpread | InlineFragment
  @inline(__always)
  mutating func parseSelection() throws(GraphQLError) -> Selection {
    peek(.spread) ? try parseFragment() : .field(try parseField())
  }

  /// Field : Alias? Name Arguments? Directives? SelectionSet?
  @inline(__always)
  mutating func parseField() throws(GraphQLError) -> Field {
    let start = token
    let nameOrAlias = try parseName()
    // Two lets (rather than vars) so that both names are moved into the node, not copied.
    let alias: Name?
    let name: Name
    if try expectOptional(.colon) {
      alias = consume nameOrAlias
      name = try parseName()
    } else {
      alias = nil
      name = consume nameOrAlias
    }
    // Most fields have neither arguments nor directives: tested here, without the calls.
    let arguments = peek(.parenL) ? try parseArguments(isConst: false) : []
    let directives = peek(.at) ? try parseDirectives(isConst: false) : []
    let selectionSet = peek(.braceL) ? try parseSelectionSet() : nil
    return Field(
      alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet,
      packedRange: packedRange(from: start))
  }

  /// Arguments[Const] : ( Argument[?Const]+ )
  mutating func parseArguments(isConst: Bool) throws(GraphQLError) -> [Argument] {
    guard try expectOptional(.parenL) else { return [] }
    var arguments: [Argument] = []
    arguments.reserveCapacity(4)
    repeat {
      arguments.append(try parseArgument(isConst: isConst))
    } while try !expectOptional(.parenR)
    return arguments
  }

  /// Argument[Const] : Name : Value[?Const]
  mutating func parseArgument(isConst: Bool) throws(GraphQLError) -> Argument {
    let start = token
    let name = try parseName()
    try expect(.colon)
    let value = try parseValueLiteral(isConst: isConst)
    return Argument(name: name, value: value, packedRange: packedRange(from: start))
  }

  /// FragmentSpread : ... FragmentName Directives?
  ///
  /// InlineFragment : ... TypeCondition? Directives? SelectionSet
  mutating func parseFragment() throws(GraphQLError) -> Selection {
    let start = token
    try expect(.spread)
    let hasTypeCondition = try expectOptionalKeyword("on")
    if !hasTypeCondition && peek(.name) {
      let name = try parseFragmentName()
      let directives = try parseDirectives(isConst: false)
      return .fragmentSpread(
        FragmentSpread(name: name, directives: directives, packedRange: packedRange(from: start)))
    }
    let typeCondition = hasTypeCondition ? try parseNamedType() : nil
    let directives = try parseDirectives(isConst: false)
    let selectionSet = try parseSelectionSet()
    return .inlineFragment(
      InlineFragment(
        typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
        packedRange: packedRange(from: start)))
  }

  /// FragmentDefinition : Description? fragment FragmentName TypeCondition Directives? SelectionSet
  mutating func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinition {
    let start = token
    let description = try parseDescription()
    try expectKeyword("fragment")
    let name = try parseFragmentName()
    try expectKeyword("on")
    let typeCondition = try parseNamedType()
    let directives = try parseDirectives(isConst: false)
    let selectionSet = try parseSelectionSet()
    return FragmentDefinition(
      description: description, name: name, typeCondition: typeCondition, directives: directives,
      selectionSet: selectionSet, packedRange: packedRange(from: start))
  }

  /// FragmentName : Name but not `on`
  mutating func parseFragmentName() throws(GraphQLError) -> Name {
    // graphql-js compares the token's value whatever its kind, so `"on"` is refused here too.
    if token.kind.hasValue && value(of: token) == "on" { throw unexpected() }
    return try parseName()
  }

  /// Name : NameStart NameContinue*
  mutating func parseName() throws(GraphQLError) -> Name {
    let nameToken = try expect(.name)
    let text = lexer.bytes.withUnsafeBufferPointer { bytes in
      NameText(
        name: bytes, start: nameToken.start, count: nameToken.end - nameToken.start,
        smallLayout: smallStringLayout)
    }
    return Name(text: text, packedRange: packedRange(from: nameToken))
  }
}
