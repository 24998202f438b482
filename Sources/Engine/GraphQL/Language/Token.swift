/// The kinds of lexical tokens of GraphQL, as the grammar's `Token` and `Punctuator` rules name them.
public enum TokenKind: UInt8, Hashable, Sendable, CustomStringConvertible {
  case startOfFile, endOfFile
  case bang, dollar, amp, parenL, parenR, spread, colon, equals, at, bracketL, bracketR, braceL, pipe,
    braceR
  case name, int, float, string, blockString

  /// How graphql-js names the kind in messages: punctuators quoted (`"{"`), others by name (`Name`).
  public var description: String {
    switch self {
    case .startOfFile: "<SOF>"
    case .endOfFile: "<EOF>"
    case .bang: "\"!\""
    case .dollar: "\"$\""
    case .amp: "\"&\""
    case .parenL: "\"(\""
    case .parenR: "\")\""
    case .spread: "\"...\""
    case .colon: "\":\""
    case .equals: "\"=\""
    case .at: "\"@\""
    case .bracketL: "\"[\""
    case .bracketR: "\"]\""
    case .braceL: "\"{\""
    case .pipe: "\"|\""
    case .braceR: "\"}\""
    case .name: "Name"
    case .int: "Int"
    case .float: "Float"
    case .string: "String"
    case .blockString: "BlockString"
    }
  }

  /// Whether the kind carries a value that messages quote (`Name "foo"`).
  var hasValue: Bool {
    switch self {
    case .name, .int, .float, .string, .blockString: true
    default: false
    }
  }
}

/// One lexical token: its kind and UTF-8 byte range in the source.
///
/// A plain value (no references), so the parser copies tokens for free; the text of a name or
/// number, and the decoded value of a string, are read from the source only when a node needs
/// them.
public struct Token: Hashable, Sendable {
  public var kind: TokenKind
  /// Byte offset of the token's first character.
  public var start: Int
  /// Byte offset one past the token's last character.
  public var end: Int

  public init(kind: TokenKind, start: Int, end: Int) {
    self.kind = kind
    self.start = start
    self.end = end
  }
}
