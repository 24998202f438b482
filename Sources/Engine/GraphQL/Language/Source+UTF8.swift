import GraphQLWire

extension Source {
  /// A source made from bytes that must be well-formed UTF-8.
  ///
  /// - Throws: `GraphQLError` `Syntax Error: Invalid UTF-8 byte 0xXX.` located at the first
  ///   malformed sequence (line and column counted in the valid text before it).
  public convenience init(validatingUTF8 bytes: [UInt8], name: String = "GraphQL request")
    throws(GraphQLError)
  {
    if let offset = Source.firstInvalidUTF8Offset(bytes) {
      let prefix = Source(String(decoding: bytes[..<offset], as: UTF8.self), name: name)
      let hex = String(bytes[offset], radix: 16, uppercase: true)
      throw .syntax(prefix, at: offset, "Invalid UTF-8 byte 0x\(hex.count == 1 ? "0" : "")\(hex).")
    }
    self.init(String(decoding: bytes, as: UTF8.self), name: name)
  }

  /// The offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode's
  /// Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
  static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        secondRange = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        secondRange = 0x80...0x9F
      case 0xF0:
        length = 4
        secondRange = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        secondRange = 0x80...0x8F
      default: return index
      }
      guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return index }
      for continuation in bytes[(index + 2)..<(index + length)] where continuation & 0xC0 != 0x80 {
        return index
      }
      index += length
    }
    return nil
  }
}
