// String literals and character descriptions for messages.
import GraphQLWire

extension Lexer {
  /// The decoded value of a string or block-string token the lexer has already read ("" for
  /// other tokens). Strings are decoded again here rather than carried in every `Token`.
  func stringValue(of token: Token) -> String {
    switch token.kind {
    case .string: (try? readString(from: token.start, decode: true))?.value ?? ""
    case .blockString: (try? readBlockString(from: token.start, decode: true))?.value ?? ""
    default: ""
    }
  }

  /// StringValue :: `"` StringCharacter* `"`
  ///
  /// StringCharacter :: SourceCharacter but not `"` or `\` or LineTerminator, `\u` EscapedUnicode,
  /// or `\` EscapedCharacter.
  ///
  /// - Parameters:
  ///   - start: the offset of the opening quote.
  ///   - decode: whether to build the value (nil otherwise: the lexer only checks the string
  ///     while tokenizing; `stringValue(of:)` decodes when a node needs the value).
  func readString(from start: Int, decode: Bool) throws(GraphQLError) -> (token: Token, value: String?) {
    let count = bytes.count
    var position = start + 1
    var chunkStart = position
    // Only strings with escapes need a buffer; the rest are one slice of the source.
    var value: [UInt8] = []
    var escaped = false
    while position < count {
      let code = bytes[position]
      if code == 0x22 {
        let text: String?
        if !decode {
          text = nil
        } else if escaped {
          value.append(contentsOf: bytes[chunkStart..<position])
          text = String(decoding: value, as: UTF8.self)
        } else {
          text = String(decoding: bytes[chunkStart..<position], as: UTF8.self)
        }
        return (Token(kind: .string, start: start, end: position + 1), text)
      }
      if code == 0x5C {
        if !escaped {
          escaped = true
          if decode { value.reserveCapacity(position - chunkStart + 16) }
        }
        if decode { value.append(contentsOf: bytes[chunkStart..<position]) }
        let size = try readEscape(at: position, into: &value)
        if !decode { value.removeAll(keepingCapacity: true) }
        position += size
        chunkStart = position
        continue
      }
      if code == 0x0A || code == 0x0D { break }
      position = skipStringCharacters(from: position + 1)
    }
    throw .syntax(source, at: position, "Unterminated string.")
  }

  /// The offset of the first `"`, `\`, `\n` or `\r` at or after `start` (or the end): the run of
  /// plain characters a string can skip in one tight loop.
  private func skipStringCharacters(from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var position = start
      while position < buffer.count {
        let code = buffer[position]
        if code == 0x22 || code == 0x5C || code == 0x0A || code == 0x0D { break }
        position += 1
      }
      return position
    }
  }

  /// Decodes the escape sequence at `position` (a backslash), appends its UTF-8 bytes to `value`
  /// and returns the number of source bytes it took.
  private func readEscape(at position: Int, into value: inout [UInt8]) throws(GraphQLError) -> Int {
    let code = byte(position + 1)
    let simple: UInt8? =
      switch code {
      case 0x22: 0x22
      case 0x5C: 0x5C
      case 0x2F: 0x2F
      case 0x62: 0x08
      case 0x66: 0x0C
      case 0x6E: 0x0A
      case 0x72: 0x0D
      case 0x74: 0x09
      default: nil
      }
    if let simple {
      value.append(simple)
      return 2
    }
    guard code == 0x75 else {
      throw .syntax(
        source, at: position,
        "Invalid character escape sequence: \"\(text(from: position, utf16Units: 2))\".")
    }
    if byte(position + 2) == 0x7B {
      return try readVariableWidthEscape(at: position, into: &value)
    }
    return try readFixedWidthEscape(at: position, into: &value)
  }

  /// EscapedUnicode :: `{` HexDigit+ `}` (at most 8 digits, a Unicode scalar value).
  private func readVariableWidthEscape(at position: Int, into value: inout [UInt8]) throws(GraphQLError)
    -> Int
  {
    // 32-bit arithmetic as in graphql-js, so the same inputs are rejected at the same length.
    var point: Int32 = 0
    var size = 3
    while size < 12 {
      let code = byte(position + size)
      size += 1
      if code == 0x7D {
        guard size >= 5, point >= 0, let scalar = Unicode.Scalar(UInt32(point)) else { break }
        value.append(contentsOf: String(Character(scalar)).utf8)
        return size
      }
      guard let digit = Lexer.hexValue(code) else { break }
      point = point &<< 4 | Int32(digit)
      if point < 0 { break }
    }
    throw .syntax(
      source, at: position, "Invalid Unicode escape sequence: \"\(text(from: position, utf16Units: size))\".")
  }

  /// EscapedUnicode :: HexDigit HexDigit HexDigit HexDigit, where a leading surrogate must be
  /// followed by an escaped trailing surrogate (a JSON-style pair).
  private func readFixedWidthEscape(at position: Int, into value: inout [UInt8]) throws(GraphQLError) -> Int {
    if let code = read16BitHex(at: position + 2) {
      if let scalar = Unicode.Scalar(code) {
        value.append(contentsOf: String(Character(scalar)).utf8)
        return 6
      }
      if (0xD800...0xDBFF).contains(code), byte(position + 6) == 0x5C, byte(position + 7) == 0x75,
        let trailing = read16BitHex(at: position + 8), (0xDC00...0xDFFF).contains(trailing),
        let scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00))
      {
        value.append(contentsOf: String(Character(scalar)).utf8)
        return 12
      }
    }
    throw .syntax(
      source, at: position, "Invalid Unicode escape sequence: \"\(text(from: position, utf16Units: 6))\".")
  }

  /// The value of four hex digits at `position`, or nil if any is not a hex digit.
  private func read16BitHex(at position: Int) -> UInt32? {
    var result: UInt32 = 0
    for index in position..<position + 4 {
      guard let digit = Lexer.hexValue(byte(index)) else { return nil }
      result = result << 4 | UInt32(digit)
    }
    return result
  }

  /// HexDigit :: one of `0`...`9` `A`...`F` `a`...`f`
  static func hexValue(_ code: UInt8) -> UInt8? {
    switch code {
    case 0x30...0x39: code - 0x30
    case 0x41...0x46: code - 0x37
    case 0x61...0x66: code - 0x57
    default: nil
    }
  }

  /// StringValue :: `"""` BlockStringCharacter* `"""`, whose value is the spec's
  /// BlockStringValue() of the raw text (with `\"""` unescaped).
  ///
  /// - Parameters:
  ///   - start: the offset of the opening quotes.
  ///   - decode: whether to build the value, as for `readString(from:decode:)`.
  func readBlockString(from start: Int, decode: Bool) throws(GraphQLError) -> (
    token: Token, value: String?
  ) {
    let count = bytes.count
    var position = start + 3
    var lines: [[UInt8]] = []
    var line: [UInt8] = []
    var chunkStart = position
    while position < count {
      let code = bytes[position]
      if code == 0x22 && byte(position + 1) == 0x22 && byte(position + 2) == 0x22 {
        guard decode else { return (Token(kind: .blockString, start: start, end: position + 3), nil) }
        line.append(contentsOf: bytes[chunkStart..<position])
        lines.append(line)
        let value = BlockString.dedentedValue(lines: lines)
        return (Token(kind: .blockString, start: start, end: position + 3), value)
      }
      if code == 0x5C && byte(position + 1) == 0x22 && byte(position + 2) == 0x22
        && byte(position + 3) == 0x22
      {
        if decode { line.append(contentsOf: bytes[chunkStart..<position]) }
        chunkStart = position + 1  // keep the quotes, drop the backslash
        position += 4
        continue
      }
      if code == 0x0A || code == 0x0D {
        if decode {
          line.append(contentsOf: bytes[chunkStart..<position])
          lines.append(line)
          line.removeAll(keepingCapacity: true)
        }
        position += code == 0x0D && byte(position + 1) == 0x0A ? 2 : 1
        chunkStart = position
        continue
      }
      position += 1
    }
    throw .syntax(source, at: position, "Unterminated string.")
  }

  // MARK: - Describing characters in messages

  /// The character at `position` as graphql-js prints it: `"x"` for printable ASCII, `'"'` for a
  /// double quote, `U+XXXX` otherwise, `<EOF>` past the end.
  func describeCharacter(at position: Int) -> String {
    guard position < bytes.count else { return "<EOF>" }
    let (scalar, _) = scalar(at: position)
    if (0x20...0x7E).contains(scalar) {
      return scalar == 0x22 ? "'\"'" : "\"\(Character(Unicode.Scalar(UInt8(scalar))))\""
    }
    let hex = String(scalar, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Decodes the UTF-8 sequence at `position`: the scalar value and its length in bytes
  /// (U+FFFD and 1 for a malformed sequence, which valid `Source` text never has).
  func scalar(at position: Int) -> (value: UInt32, length: Int) {
    let lead = bytes[position]
    let length: Int
    var value: UInt32
    switch lead {
    case 0..<0x80: return (UInt32(lead), 1)
    case 0xC0..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0..<0xF8: (length, value) = (4, UInt32(lead & 0x07))
    default: return (0xFFFD, 1)
    }
    guard position + length <= bytes.count else { return (0xFFFD, 1) }
    for index in position + 1..<position + length {
      let continuation = bytes[index]
      guard continuation & 0xC0 == 0x80 else { return (0xFFFD, 1) }
      value = value << 6 | UInt32(continuation & 0x3F)
    }
    return (value, length)
  }

  /// The source text from `start` spanning `units` UTF-16 code units (or up to the end), as
  /// JavaScript's `slice` quotes escape sequences in messages.
  func text(from start: Int, utf16Units units: Int) -> String {
    var position = start
    var taken = 0
    while taken < units && position < bytes.count {
      let (value, length) = scalar(at: position)
      taken += value > 0xFFFF ? 2 : 1
      position += length
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }
}
