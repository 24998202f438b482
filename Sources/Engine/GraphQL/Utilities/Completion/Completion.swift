import GraphQLWire

/// The words that can come at `offset` in a document being typed, from `schema`: what a shell
/// offers on Tab and an editor in its completion list.
///
/// Works on unfinished text, as graphql-language-service's `getAutocompleteSuggestions` does:
/// rather than parsing (which needs a whole document), it runs a tolerant state machine over the
/// engine's own lexer's tokens up to the cursor, keeping a stack of the open selection sets,
/// argument lists and input values with the schema type each one is about. It offers
///
/// - the operation keywords at the top level;
/// - the root type's fields after `{`, `query {`, `mutation {`, `subscription {`;
/// - the current type's fields inside a selection set, through fields, fragment definitions and
///   inline fragments (`... on Launch {`);
/// - argument names after `(` (those not given yet), and an input object's fields after `{`;
/// - enum values (and `true`/`false`) where an argument's value goes;
/// - the operation's declared variables after `$`;
/// - the document's fragments that can apply to the current type after `...`;
/// - composite type names after `on`, input type names for a variable's type;
/// - the directives allowed at the place after `@`.
///
/// Nothing is offered inside a string or comment, or after a token the lexer rejects.
///
/// - Parameters:
///   - text: the document typed so far (may continue after the cursor).
///   - offset: the cursor, as a UTF-8 byte offset into `text` (clamped to its length).
///   - schema: the schema of the endpoint the document is for.
/// - Returns: the candidates that start with the partly typed word before the cursor.
public func completions(in text: String, at offset: Int, schema: GraphQLSchema) -> Completions {
  let bytes = Array(text.utf8)
  let cursor = min(max(offset, 0), bytes.count)
  var engine = CompletionStateMachine(schema: schema, bytes: bytes)
  let lexed = CompletionStateMachine.tokens(of: Array(bytes[..<cursor]))
  if lexed.rejected { return Completions(replacementStart: cursor, prefix: "", candidates: []) }
  var tokens = lexed.tokens
  var prefix = ""
  var replacementStart = cursor
  if let last = tokens.last, last.kind == .name, last.end == cursor {
    prefix = engine.text(of: last)
    replacementStart = last.start
    tokens.removeLast()
  } else if let last = tokens.last, last.end == cursor, last.kind != .name && !isPunctuator(last.kind) {
    // Right after a number or string: nothing can be inserted without a separator.
    return Completions(replacementStart: cursor, prefix: "", candidates: [])
  }
  // Only white space, commas and comments follow the last token: a `#` means a comment.
  let gapStart = tokens.last?.end ?? 0
  if prefix.isEmpty && bytes[gapStart..<cursor].contains(UInt8(ascii: "#")) {
    return Completions(replacementStart: cursor, prefix: "", candidates: [])
  }
  for token in tokens { engine.consume(token) }
  let candidates = engine.candidates().filter { $0.label.hasPrefix(prefix) }
  return Completions(replacementStart: replacementStart, prefix: prefix, candidates: candidates)
}

private func isPunctuator(_ kind: TokenKind) -> Bool {
  switch kind {
  case .name, .int, .float, .string, .blockString, .startOfFile, .endOfFile: false
  default: true
  }
}

/// The state of a document read token by token: a stack of frames, one per open bracket.
struct CompletionStateMachine {
  /// What an open bracket (or the document itself) contains.
  enum FrameKind { case document, selectionSet, arguments, variableDefinitions, listValue, objectValue }

  /// Where in its frame the reader is: what the last tokens were.
  enum Step: Equatable {
    case start
    case operation
    case fragmentName, fragmentOn
    case typeCondition(inline: Bool)
    case afterTypeCondition
    case field, alias
    case spread, fragmentSpread
    case directive, afterDirective
    case argumentName(GraphQLTypeReference?)
    case value(GraphQLTypeReference?)
    case variable
    case variableName, variableType
  }

  struct Frame {
    var kind: FrameKind
    /// Selection set: the type whose fields are selected.
    var parentType: String?
    /// Arguments: the field's or directive's arguments; object value: the input fields.
    var inputs: [GraphQLInputValue] = []
    /// List value: the type of each element.
    var elementType: GraphQLTypeReference?
    var step: Step = .start
    /// The arguments or input fields already given, not offered again.
    var given: Set<String> = []
    /// The type a `{` here opens a selection set on (the last field's, or a type condition's).
    var braceType: String?
    /// The arguments a `(` here opens (the last field's or directive's).
    var parenInputs: [GraphQLInputValue] = []
    /// Where a directive written here applies.
    var directiveLocation: DirectiveLocation = .query
  }

  let schema: GraphQLSchema
  /// The whole text (also after the cursor), for the fragments it defines.
  let bytes: [UInt8]
  private(set) var frames = [Frame(kind: .document)]
  /// The variables the current operation declares, with their types as written.
  private(set) var variables: [(name: String, type: String)] = []

  init(schema: GraphQLSchema, bytes: [UInt8]) {
    self.schema = schema
    self.bytes = bytes
  }

  /// The tokens of `bytes` up to the first one the lexer rejects (such as an unterminated
  /// string), and whether it rejected one.
  static func tokens(of bytes: [UInt8]) -> (tokens: [Token], rejected: Bool) {
    var lexer = Lexer(source: Source(String(decoding: bytes, as: UTF8.self)))
    var tokens: [Token] = []
    do {
      try lexer.advance()
      while lexer.token.kind != .endOfFile {
        tokens.append(lexer.token)
        try lexer.advance()
      }
    } catch {
      return (tokens, true)
    }
    return (tokens, false)
  }

  func text(of token: Token) -> String {
    String(decoding: bytes[token.start..<token.end], as: UTF8.self)
  }

  // MARK: - Reading tokens

  mutating func consume(_ token: Token) {
    switch token.kind {
    case .braceR: close(.selectionSet, or: .objectValue)
    case .parenR: close(.arguments, or: .variableDefinitions)
    case .bracketR where top.kind == .variableDefinitions && top.step == .variableType:
      if !variables.isEmpty { variables[variables.count - 1].type += "]" }
    case .bracketR: close(.listValue, or: .listValue)
    default:
      switch frames[frames.count - 1].kind {
      case .document: consumeInDocument(token)
      case .selectionSet: consumeInSelectionSet(token)
      case .arguments, .objectValue: consumeInInputs(token)
      case .listValue: consumeInValue(token, after: .value(frames[frames.count - 1].elementType))
      case .variableDefinitions: consumeInVariableDefinitions(token)
      }
    }
  }

  private var top: Frame {
    get { frames[frames.count - 1] }
    set { frames[frames.count - 1] = newValue }
  }

  /// Pops up to and including the innermost frame of one of the kinds; a stray closing bracket
  /// (no such frame open) is ignored, as an editor must.
  private mutating func close(_ kind: FrameKind, or other: FrameKind) {
    guard let index = frames.lastIndex(where: { $0.kind == kind || $0.kind == other }), index > 0 else {
      return
    }
    frames.removeSubrange(index...)
  }

  private mutating func consumeInDocument(_ token: Token) {
    switch (token.kind, top.step) {
    case (.name, .start):
      let word = text(of: token)
      if let operation = OperationType(rawValue: word) {
        variables = []
        top.step = .operation
        top.braceType = schema.rootType(for: operation)?.name
        top.directiveLocation = Self.location(of: operation)
      } else if word == "fragment" {
        top.step = .fragmentName
        top.directiveLocation = .fragmentDefinition
      }
    case (.name, .fragmentName): top.step = .fragmentOn
    case (.name, .fragmentOn) where text(of: token) == "on": top.step = .typeCondition(inline: false)
    case (.name, .typeCondition):
      top.braceType = text(of: token)
      top.step = .afterTypeCondition
    case (.name, .directive):
      top.parenInputs = schema.directive(named: text(of: token))?.arguments ?? []
      top.step = .afterDirective
    case (.at, _): top.step = .directive
    case (.parenL, .operation): frames.append(Frame(kind: .variableDefinitions))
    case (.parenL, _): frames.append(Frame(kind: .arguments, inputs: top.parenInputs))
    case (.braceL, let step):
      if step == .start {  // the query shorthand `{ ... }`
        variables = []
        top.braceType = schema.queryType.name
      }
      openSelectionSet()
    default: break
    }
  }

  /// `{` that starts a selection set, on the type the last tokens named (a field's, a type
  /// condition's, an operation's root type).
  private mutating func openSelectionSet() {
    let type = top.braceType
    top.step = .start
    top.braceType = nil
    frames.append(Frame(kind: .selectionSet, parentType: type))
  }

  private mutating func consumeInSelectionSet(_ token: Token) {
    switch (token.kind, top.step) {
    case (.name, .spread):
      if text(of: token) == "on" {
        top.step = .typeCondition(inline: true)
      } else {
        top.step = .fragmentSpread
        top.braceType = nil
        top.directiveLocation = .fragmentSpread
      }
    case (.name, .typeCondition):
      top.braceType = text(of: token)
      top.step = .afterTypeCondition
    case (.name, .directive):
      top.parenInputs = schema.directive(named: text(of: token))?.arguments ?? []
      top.step = .afterDirective
    case (.name, _):
      let field = field(named: text(of: token), on: top.parentType)
      top.braceType = field?.type.namedType
      top.parenInputs = field?.arguments ?? []
      top.step = .field
      top.directiveLocation = .field
    case (.colon, .field): top.step = .alias
    case (.spread, _):
      top.step = .spread
      top.braceType = top.parentType
      top.directiveLocation = .inlineFragment
    case (.at, _): top.step = .directive
    case (.parenL, _): frames.append(Frame(kind: .arguments, inputs: top.parenInputs))
    case (.braceL, _): openSelectionSet()
    default: break
    }
  }

  /// Arguments `(name: value ...)` and object values `{name: value ...}`.
  private mutating func consumeInInputs(_ token: Token) {
    switch (token.kind, top.step) {
    case (.name, .start):
      let name = text(of: token)
      top.given.insert(name)
      top.step = .argumentName(top.inputs.first { $0.name == name }?.type)
    case (.colon, .argumentName(let type)): top.step = .value(type)
    case (_, .value), (_, .variable): consumeInValue(token, after: .start)
    default: break
    }
  }

  /// `($name: Type = default @directive ...)`, recording each variable for `$` later.
  private mutating func consumeInVariableDefinitions(_ token: Token) {
    switch (token.kind, top.step) {
    case (.dollar, .start), (.dollar, .variableType): top.step = .variableName
    case (.name, .variableName):
      variables.append((name: text(of: token), type: ""))
      top.step = .start
    case (.colon, .start): top.step = .variableType
    case (.name, .variableType), (.bracketL, .variableType), (.bang, .variableType):
      if !variables.isEmpty { variables[variables.count - 1].type += text(of: token) }
    case (.equals, _):
      top.step = .value(variables.last.flatMap { Self.typeReference($0.type) })
    case (.at, _): top.step = .directive
    case (.name, .directive): top.step = .start
    case (_, .value), (_, .variable): consumeInValue(token, after: .start)
    default: break
    }
  }

  /// A token where a value goes; `after` is the frame's step once the value is complete.
  private mutating func consumeInValue(_ token: Token, after: Step) {
    guard case .value(let type) = top.step else {
      if token.kind == .name, top.step == .variable { top.step = after }
      return
    }
    switch token.kind {
    case .dollar: top.step = .variable
    case .bracketL:
      top.step = after
      let element = type.map(Self.elementType)
      frames.append(Frame(kind: .listValue, elementType: element, step: .value(element)))
    case .braceL:
      top.step = after
      var fields: [GraphQLInputValue] = []
      if let name = type?.namedType, case .inputObject(let object)? = schema.type(named: name) {
        fields = object.fields
      }
      frames.append(Frame(kind: .objectValue, inputs: fields))
    case .name, .int, .float, .string, .blockString: top.step = after
    default: break
    }
  }

  // MARK: - Schema lookups

  private func field(named name: String, on typeName: String?) -> GraphQLField? {
    typeName.flatMap { schema.type(named: $0)?.fields?[name] }
  }

  static func location(of operation: OperationType) -> DirectiveLocation {
    switch operation {
    case .query: .query
    case .mutation: .mutation
    case .subscription: .subscription
    }
  }

  /// A list's element type (a single value where a list goes is coerced to a one-element list).
  static func elementType(_ type: GraphQLTypeReference) -> GraphQLTypeReference {
    if case .list(let inner) = type.nullable { return inner }
    return type
  }

  /// A variable's type as written (`[ID!]!`) as a reference; nil if it is not one.
  static func typeReference(_ text: String) -> GraphQLTypeReference? {
    guard let type = try? parseType(text) else { return nil }
    return GraphQLTypeReference(type)
  }
}
