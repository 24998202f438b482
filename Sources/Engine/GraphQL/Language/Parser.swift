import GraphQLWire

/// A recursive-descent parser for GraphQL documents: one `parseX()` per grammar rule
/// (https://spec.graphql.org/draft/#sec-Appendix-Grammar-Summary), with graphql-js's messages.
///
/// The grammar functions live in `Parser+*.swift`; this file has the shared helpers every rule
/// uses: `peek`, `expect`, `expectKeyword`, `unexpected`, the `range(from:)` node helper and the
/// token and nesting limits.
struct Parser {
  var lexer: Lexer
  let options: ParseOptions
  private var tokenCount = 0
  private var depth = 0
  /// `ASCIIText.smallLayoutIsKnown`, read once per parse.
  let smallStringLayout = ASCIIText.smallLayoutIsKnown

  /// - Parameters:
  ///   - maxSourceLength: the largest source accepted, in bytes (default: the most that 32-bit
  ///     `SourceRange` offsets can address; tests pass less).
  /// - Throws: a syntax error if the source is longer than `maxSourceLength`.
  init(source: Source, options: ParseOptions, maxSourceLength: Int = SourceRange.maxSourceLength)
    throws(GraphQLError)
  {
    guard source.utf8.count <= maxSourceLength else {
      throw .syntax(
        source, at: 0, "Document is larger than \(maxSourceLength) bytes. Parsing aborted.")
    }
    self.lexer = Lexer(source: source)
    self.options = options
  }

  var source: Source { lexer.source }
  var token: Token { lexer.token }

  // MARK: - Tokens

  /// Whether the current token is of `kind`.
  @inline(__always)
  func peek(_ kind: TokenKind) -> Bool { lexer.token.kind == kind }

  /// Moves to the next token, counting it against `maxTokens`.
  @inline(__always)
  mutating func advance() throws(GraphQLError) {
    try lexer.advance()
    if let maxTokens = options.maxTokens, lexer.token.kind != .endOfFile {
      tokenCount += 1
      if tokenCount > maxTokens { throw tooManyTokens(maxTokens) }
    }
  }

  /// The error for a document over `maxTokens`. Errors are built out of line (here and in
  /// `expected(_:)`) so that the hot token functions stay small enough to inline.
  @inline(never)
  func tooManyTokens(_ maxTokens: Int) -> GraphQLError {
    .syntax(
      source, at: lexer.token.start, "Document contains more than \(maxTokens) tokens. Parsing aborted.")
  }

  /// Consumes and returns the current token if it is of `kind`.
  ///
  /// - Throws: `Expected <kind>, found <token>.` otherwise.
  @discardableResult
  @inline(__always)
  mutating func expect(_ kind: TokenKind) throws(GraphQLError) -> Token {
    let current = lexer.token
    guard current.kind == kind else { throw expected(kind) }
    try advance()
    return current
  }

  /// `Expected <kind>, found <token>.` at the current token.
  @inline(never)
  func expected(_ kind: TokenKind) -> GraphQLError {
    .syntax(source, at: lexer.token.start, "Expected \(kind), found \(describe(lexer.token)).")
  }

  /// Consumes the current token if it is of `kind`; tells whether it did.
  @inline(__always)
  mutating func expectOptional(_ kind: TokenKind) throws(GraphQLError) -> Bool {
    guard lexer.token.kind == kind else { return false }
    try advance()
    return true
  }

  /// Consumes the current token if it is the name `keyword`.
  ///
  /// - Throws: `Expected "<keyword>", found <token>.` otherwise.
  mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLError) {
    guard isKeyword(lexer.token, keyword) else {
      throw .syntax(
        source, at: lexer.token.start, "Expected \"\(keyword)\", found \(describe(lexer.token)).")
    }
    try advance()
  }

  /// Consumes the current token if it is the name `keyword`; tells whether it did.
  mutating func expectOptionalKeyword(_ keyword: StaticString) throws(GraphQLError) -> Bool {
    guard isKeyword(lexer.token, keyword) else { return false }
    try advance()
    return true
  }

  /// `Unexpected <token>.` at `token` (default: the current token).
  func unexpected(_ token: Token? = nil) -> GraphQLError {
    let token = token ?? lexer.token
    return .syntax(source, at: token.start, "Unexpected \(describe(token)).")
  }

  /// A token as messages show it: its kind, and its value in quotes when it has one.
  func describe(_ token: Token) -> String {
    guard token.kind.hasValue else { return token.kind.description }
    return "\(token.kind) \"\(value(of: token))\""
  }

  /// A token's value: the decoded text of a string, the source text of anything else.
  func value(of token: Token) -> String {
    token.kind == .string || token.kind == .blockString ? lexer.stringValue(of: token) : text(of: token)
  }

  /// Whether `token` is the name `keyword`, compared byte for byte without making a `String`.
  @inline(__always)
  func isKeyword(_ token: Token, _ keyword: StaticString) -> Bool {
    guard token.kind == .name, token.end - token.start == keyword.utf8CodeUnitCount else { return false }
    let bytes = lexer.bytes
    return keyword.withUTF8Buffer { buffer in
      var index = 0
      while index < buffer.count {
        if bytes[token.start + index] != buffer[index] { return false }
        index += 1
      }
      return true
    }
  }

  /// The source text of a name or number token (ASCII, as the lexer checked), built without the
  /// standard library's UTF-8 validation (see `ASCIIText`).
  @inline(__always)
  func text(of token: Token) -> String {
    lexer.bytes.withUnsafeBufferPointer { bytes in
      ASCIIText.makeString(
        bytes, start: token.start, count: token.end - token.start, smallLayout: smallStringLayout)
    }
  }

  // MARK: - Nodes and limits

  /// The range of a node that began at `start` and ends with the last consumed token, or nil when
  /// the options ask for no locations. Every node's range comes from here.
  @inline(__always)
  func range(from start: Token) -> SourceRange? {
    options.noLocation ? nil : SourceRange(parsedStart: start.start, end: lexer.lastTokenEnd)
  }

  /// `range(from:)` as nodes store it.
  @inline(__always)
  func packedRange(from start: Token) -> PackedSourceRange {
    PackedSourceRange(range(from: start))
  }

  /// Enters one level of nesting (a selection set, list or object value, or list type).
  ///
  /// - Throws: a syntax error at the current token if `maxDepth` is exceeded.
  @inline(__always)
  mutating func enterNesting() throws(GraphQLError) {
    depth += 1
    if depth > options.maxDepth {
      throw .syntax(
        source, at: lexer.token.start,
        "Document nesting exceeds the maximum depth of \(options.maxDepth). Parsing aborted.")
    }
  }

  /// Leaves a level entered with `enterNesting()`.
  @inline(__always)
  mutating func leaveNesting() { depth -= 1 }

  // MARK: - Lists

  /// `open item+ close`: a non-empty list (graphql-js's `many`).
  mutating func many<Item>(
    _ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws(GraphQLError) -> Item
  ) throws(GraphQLError) -> [Item] {
    try expect(open)
    var items: [Item] = []
    repeat {
      items.append(try item(&self))
    } while try !expectOptional(close)
    return items
  }

  /// `(open item+ close)?`: a list that is empty only when `open` is absent.
  mutating func optionalMany<Item>(
    _ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws(GraphQLError) -> Item
  ) throws(GraphQLError) -> [Item] {
    guard try expectOptional(open) else { return [] }
    var items: [Item] = []
    repeat {
      items.append(try item(&self))
    } while try !expectOptional(close)
    return items
  }

  /// `open item* close`: a possibly empty list (graphql-js's `any`).
  mutating func any<Item>(
    _ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws(GraphQLError) -> Item
  ) throws(GraphQLError) -> [Item] {
    try expect(open)
    var items: [Item] = []
    while try !expectOptional(close) {
      items.append(try item(&self))
    }
    return items
  }

  /// `delimiter? item (delimiter item)*`: a non-empty list such as `A & B` or `| A | B`.
  mutating func delimitedMany<Item>(
    _ delimiter: TokenKind, _ item: (inout Parser) throws(GraphQLError) -> Item
  ) throws(GraphQLError) -> [Item] {
    _ = try expectOptional(delimiter)
    var items: [Item] = []
    repeat {
      items.append(try item(&self))
    } while try expectOptional(delimiter)
    return items
  }
}
