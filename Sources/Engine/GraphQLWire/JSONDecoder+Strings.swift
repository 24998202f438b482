/// String literals: the escape-free fast path, escapes, surrogate pairs and UTF-8 validation.
extension JSONParser {
  /// Parses a string starting at its opening quote.
  mutating func parseString() throws(JSONParseError) -> String {
    position += 1
    let start = position
    var isASCII = true
    // Fast path: no escapes, the bytes are the string. Eight bytes at a time while none is a
    // quote, a backslash, a control character (`JSONWriter.wordNeedsEscaping`) or non-ASCII; the
    // loop below takes the word that has one.
    if let base = input.baseAddress {
      while position &+ 8 <= input.count {
        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 || JSONWriter.wordNeedsEscaping(word) { break }
        position &+= 8
      }
    }
    while position < input.count {
      let byte = input[position]
      if byte == UInt8(ascii: "\"") {
        let bytes = UnsafeBufferPointer(rebasing: input[start..<position])
        position += 1
        if isASCII { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
          throw JSONParseError("Invalid UTF-8 in string", offset: start + invalidUTF8Offset(bytes))
        }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw JSONParseError("Bad control character in string", offset: position) }
      if byte >= 0x80 { isASCII = false }
      position += 1
    }
    var buffer = Array(UnsafeBufferPointer(rebasing: input[start..<position]))
    return try parseEscapedString(start: start, buffer: &buffer)
  }

  private mutating func parseEscapedString(start: Int, buffer: inout [UInt8]) throws(JSONParseError) -> String
  {
    while position < input.count {
      let byte = input[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        guard let text = String(validating: buffer, as: UTF8.self) else {
          throw JSONParseError("Invalid UTF-8 in string", offset: start)
        }
        return text
      case UInt8(ascii: "\\"):
        position += 1
        guard position < input.count else { throw unexpected() }
        let escape = input[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"): buffer.append(contentsOf: try parseUnicodeEscape())
        default:
          position -= 1
          throw JSONParseError("Bad escaped character in string", offset: position - 1)
        }
      default:
        if byte < 0x20 { throw JSONParseError("Bad control character in string", offset: position) }
        buffer.append(byte)
        position += 1
      }
    }
    throw unexpected()
  }

  /// Reads the four hex digits after `\u` (and a following low surrogate escape for a high one).
  private mutating func parseUnicodeEscape() throws(JSONParseError) -> String.UTF8View {
    let escapeStart = position - 2
    let first = try parseHex4()
    var scalarValue = first
    if (0xD800..<0xDC00).contains(first) {
      guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
        input[position + 1] == UInt8(ascii: "u")
      else { throw JSONParseError("Lone surrogate in \\u escape", offset: escapeStart) }
      position += 2
      let second = try parseHex4()
      guard (0xDC00..<0xE000).contains(second) else {
        throw JSONParseError("Lone surrogate in \\u escape", offset: escapeStart)
      }
      scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
    } else if (0xDC00..<0xE000).contains(first) {
      throw JSONParseError("Lone surrogate in \\u escape", offset: escapeStart)
    }
    guard let scalar = Unicode.Scalar(scalarValue) else {
      throw JSONParseError("Invalid \\u escape", offset: escapeStart)
    }
    return String(Character(scalar)).utf8
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard position < input.count else { throw unexpected() }
      let byte = input[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONParseError("Bad Unicode escape in string", offset: position)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }

  /// The offset of the first byte where `bytes` stops being valid UTF-8.
  private func invalidUTF8Offset(_ bytes: some Collection<UInt8>) -> Int {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput, .error: return offset
      }
    }
  }
}
