import GraphQLWire

/// Turns a `Source`'s UTF-8 bytes into GraphQL tokens, one at a time, on demand.
///
/// Follows the spec's lexical grammar (https://spec.graphql.org/draft/#sec-Language.Source-Text)
/// and graphql-js's messages. Ignored tokens (BOM, white space, line terminators, commas,
/// comments) are skipped. The lexer works on byte offsets and never builds a `String` except for
/// string literals, so the parser decides which names and numbers become text.
struct Lexer {
  let source: Source
  let bytes: [UInt8]
  /// The token the parser is looking at.
  private(set) var token: Token
  /// Where the most recently consumed token ended: the end of a node's range.
  private(set) var lastTokenEnd: Int = 0

  /// - Parameter source: the text to tokenize; the first token is `<SOF>`.
  init(source: Source) {
    self.source = source
    self.bytes = source.utf8
    self.token = Token(kind: .startOfFile, start: 0, end: 0)
  }

  /// Consumes the current token and reads the next one.
  ///
  /// - Throws: a syntax error if the next token is malformed.
  @inline(__always)
  mutating func advance() throws(GraphQLError) {
    lastTokenEnd = token.end
    if token.kind != .endOfFile {
      token = try readToken(from: token.end)
    }
  }

  /// The token after the current one, without consuming anything.
  ///
  /// - Throws: a syntax error if that token is malformed.
  func lookahead() throws(GraphQLError) -> Token {
    if token.kind == .endOfFile { return token }
    return try readToken(from: token.end)
  }

  /// The byte at `index`, or 0 past the end (0 never matches anything the lexer looks ahead for).
  @inline(__always)
  func byte(_ index: Int) -> UInt8 {
    index < bytes.count ? bytes[index] : 0
  }

  /// Skips ignored characters from `start`, then reads one token.
  @inline(__always)
  func readToken(from start: Int) throws(GraphQLError) -> Token {
    let token = scanCommonToken(from: start)
    return token.kind != .startOfFile ? token : try readOtherToken(from: token.start)
  }

  /// Skips spaces, tabs, commas and line ends from `start`, then reads a name or a one-byte
  /// punctuator, or the end of the text; at any other byte it stops and returns a `<SOF>` token
  /// there (a kind never read after the start) for `readOtherToken(from:)`. It cannot fail, so it
  /// needs none of the stack and moves that passing a typed error takes: most tokens of a
  /// document are read without them.
  @inline(never)
  func scanCommonToken(from start: Int) -> Token {
    let count = bytes.count
    var position = start
    while position < count {
      let code = bytes[position]
      // Names are the most common tokens and a single space the most common ignored character:
      // both are tested before the switch, whose jump table is an indirect branch that the
      // processor predicts worse than these two.
      if Lexer.isNameStart(code) { return readName(from: position) }
      let kind: TokenKind
      switch code {
      case 0x20, 0x09, 0x2C, 0x0A, 0x0D:  // space, tab, comma, \n, \r
        position += 1
        continue
      case 0x21: kind = .bang
      case 0x24: kind = .dollar
      case 0x26: kind = .amp
      case 0x28: kind = .parenL
      case 0x29: kind = .parenR
      case 0x3A: kind = .colon
      case 0x3D: kind = .equals
      case 0x40: kind = .at
      case 0x5B: kind = .bracketL
      case 0x5D: kind = .bracketR
      case 0x7B: kind = .braceL
      case 0x7C: kind = .pipe
      case 0x7D: kind = .braceR
      default: return Token(kind: .startOfFile, start: position, end: position)
      }
      return Token(kind: kind, start: position, end: position + 1)
    }
    return Token(kind: .endOfFile, start: count, end: count)
  }

  /// The token at `start`, where `scanCommonToken(from:)` stopped: a spread, a string, a number
  /// or an error, or a BOM or comment, which is skipped before scanning goes on (in a loop, not
  /// by recursion: comments are not counted against `maxTokens`).
  @inline(never)
  private func readOtherToken(from start: Int) throws(GraphQLError) -> Token {
    var position = start
    while true {
      switch bytes[position] {
      case 0xEF where byte(position + 1) == 0xBB && byte(position + 2) == 0xBF:  // BOM
        position += 3
      case 0x23:  // # comment, up to the end of the line
        position += 1
        while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D {
          position += 1
        }
      case 0x2E where byte(position + 1) == 0x2E && byte(position + 2) == 0x2E:
        return Token(kind: .spread, start: position, end: position + 3)
      case 0x22:
        return try readStringToken(from: position)
      case let code where Lexer.isDigit(code) || code == 0x2D:
        return try readNumber(from: position)
      default:
        throw unexpectedCharacter(at: position)
      }
      let token = scanCommonToken(from: position)
      if token.kind != .startOfFile { return token }
      position = token.start
    }
  }

  /// A string or block string token. Out of line, like `readNumber(from:)`: the string readers
  /// are large, and inlined they made every call of `readToken` pay for a larger stack frame.
  @inline(never)
  private func readStringToken(from position: Int) throws(GraphQLError) -> Token {
    if byte(position + 1) == 0x22 && byte(position + 2) == 0x22 {
      return try readBlockString(from: position, decode: false).token
    }
    return try readString(from: position, decode: false).token
  }

  /// The error for a character that cannot start a token.
  private func unexpectedCharacter(at position: Int) -> GraphQLError {
    if bytes[position] == 0x27 {
      return .syntax(
        source, at: position,
        "Unexpected single quote character ('), did you mean to use a double quote (\")?")
    }
    return .syntax(source, at: position, "Unexpected character: \(describeCharacter(at: position)).")
  }

  /// Name :: NameStart NameContinue* [lookahead != NameContinue]
  @inline(__always)
  private func readName(from start: Int) -> Token {
    let end = bytes.withUnsafeBufferPointer { buffer in
      var position = start + 1
      // Eight bytes at a time while eight are left (most names end in the first word).
      while position &+ 8 <= buffer.count, let base = buffer.baseAddress {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
        let others = Lexer.nonNameBytes(word)
        if others != 0 { return position &+ others.trailingZeroBitCount / 8 }
        position &+= 8
      }
      while position < buffer.count {
        let code = buffer[position]
        // Most name characters are lowercase letters: one test for those.
        guard code &- 0x61 < 26 || Lexer.isNameContinue(code) else { break }
        position += 1
      }
      return position
    }
    return Token(kind: .name, start: start, end: end)
  }

  /// IntValue :: IntegerPart [lookahead != {Digit, `.`, NameStart}]
  ///
  /// FloatValue :: IntegerPart FractionalPart? ExponentPart? (at least one of them), with the same
  /// lookahead restriction.
  @inline(never)
  private func readNumber(from start: Int) throws(GraphQLError) -> Token {
    var position = start
    var isFloat = false
    if byte(position) == 0x2D { position += 1 }
    if byte(position) == 0x30 {
      position += 1
      if Lexer.isDigit(byte(position)) {
        throw .syntax(
          source, at: position,
          "Invalid number, unexpected digit after 0: \(describeCharacter(at: position)).")
      }
    } else {
      position = try readDigits(from: position)
    }
    if byte(position) == 0x2E {
      isFloat = true
      position = try readDigits(from: position + 1)
    }
    if byte(position) == 0x45 || byte(position) == 0x65 {
      isFloat = true
      position += 1
      if byte(position) == 0x2B || byte(position) == 0x2D { position += 1 }
      position = try readDigits(from: position)
    }
    if byte(position) == 0x2E || Lexer.isNameStart(byte(position)) {
      throw .syntax(
        source, at: position, "Invalid number, expected digit but got: \(describeCharacter(at: position)).")
    }
    return Token(kind: isFloat ? .float : .int, start: start, end: position)
  }

  /// Reads `Digit+` and returns the offset after the digits.
  private func readDigits(from start: Int) throws(GraphQLError) -> Int {
    guard Lexer.isDigit(byte(start)) else {
      throw .syntax(
        source, at: start, "Invalid number, expected digit but got: \(describeCharacter(at: start)).")
    }
    var position = start + 1
    while Lexer.isDigit(byte(position)) { position += 1 }
    return position
  }

  // MARK: - Character classes

  /// The high bit of each byte of `word` (little-endian) that is not `[A-Za-z0-9_]`: range tests
  /// on all eight bytes at once, done on the low seven bits so that no sum carries into the next
  /// byte, with bytes of 0x80 and above counted out afterwards.
  @inline(__always)
  static func nonNameBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high = ones &* 0x80
    let low7 = word & ~high
    // `b | 0x20` is a lowercase letter exactly when b is a letter of either case.
    let folded = low7 | ones &* 0x20
    let letters = (folded &+ ones &* (0x80 - 0x61)) & ~(folded &+ ones &* (0x7F - 0x7A))
    let digits = (low7 &+ ones &* (0x80 - 0x30)) & ~(low7 &+ ones &* (0x7F - 0x39))
    let underscoreDifference = low7 ^ ones &* 0x5F
    let underscores = ~((underscoreDifference &+ ones &* 0x7F) | underscoreDifference)
    return ~((letters | digits | underscores) & ~word) & high
  }

  @inline(__always)
  static func isDigit(_ code: UInt8) -> Bool { code &- 0x30 < 10 }

  /// `[A-Za-z_]`, as a bit set over the code points 64...127.
  @inline(__always)
  static func isNameStart(_ code: UInt8) -> Bool {
    code >= 64 && code < 128 && (0x07FF_FFFE_87FF_FFFE as UInt64) >> (code & 63) & 1 != 0
  }

  /// `[A-Za-z0-9_]`, as bit sets over the code points 0...63 and 64...127: one test per byte in
  /// the lexer's hottest loop.
  @inline(__always)
  static func isNameContinue(_ code: UInt8) -> Bool {
    guard code < 128 else { return false }
    let set: UInt64 = code < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
    return set >> (code & 63) & 1 != 0
  }
}
