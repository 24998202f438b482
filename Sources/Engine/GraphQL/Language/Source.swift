import GraphQLWire

/// A GraphQL document's text, with the name it is known by in error messages.
///
/// The lexer works on UTF-8 bytes; every AST node records byte offsets into `utf8`, and
/// `location(ofOffset:)` turns an offset into a 1-based line and column only when an error
/// needs one. Immutable, so safely shared between threads.
public final class Source: Sendable {
  /// The full text.
  public let body: String
  /// The text as UTF-8 bytes, the lexer's input.
  public let utf8: [UInt8]
  /// A name for messages, such as a file path (`Operations/Login.graphql`) or `GraphQL request`.
  public let name: String

  public init(_ body: String, name: String = "GraphQL request") {
    self.body = body
    self.utf8 = Array(body.utf8)
    self.name = name
  }

  /// The 1-based line and column of a byte offset. Columns count UTF-16 code units, as graphql-js
  /// does, so positions agree with JavaScript tooling for non-ASCII text.
  public func location(ofOffset offset: Int) -> SourceLocation {
    let end = min(max(offset, 0), utf8.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < end {
      let byte = utf8[index]
      if byte == 0x0A {
        line += 1
        lineStart = index + 1
      } else if byte == 0x0D {
        if index + 1 < utf8.count && utf8[index + 1] == 0x0A { index += 1 }
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    var column = 1
    var position = lineStart
    while position < end {
      let byte = utf8[position]
      if byte < 0x80 || byte >= 0xC0 {
        // A 4-byte sequence is a surrogate pair in UTF-16: two code units.
        column += byte >= 0xF0 ? 2 : 1
      }
      position += 1
    }
    return SourceLocation(line: line, column: column)
  }
}
