import FoundationEssentials

/// Base64 with the URL- and filename-safe alphabet and no padding (RFC 4648 §5), the text form of
/// launch cursors and session tokens.
enum Base64URL {
  /// `bytes` in base64url without `=` padding.
  ///
  /// Written byte by byte: the backend encodes every launch's cursor as it starts, and going
  /// through `Data.base64EncodedString` and a `Character` per output symbol was 10 K
  /// instructions a cursor, 7% of a one-shot `launch 5` (docs/startup.md).
  static func encode(_ bytes: some Sequence<UInt8>) -> String {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity((input.count * 4 + 2) / 3)
    var index = 0
    while index < input.count {
      let count = min(3, input.count - index)
      var group = UInt32(input[index]) << 16
      if count > 1 { group |= UInt32(input[index + 1]) << 8 }
      if count > 2 { group |= UInt32(input[index + 2]) }
      // 3 bytes make 4 symbols; a final 1 or 2 bytes make 2 or 3 (no padding).
      for shift in stride(from: 18, through: 18 - 6 * count, by: -6) {
        output.append(symbol(UInt8(truncatingIfNeeded: group >> UInt32(shift)) & 0x3F))
      }
      index += count
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The base64url symbol of a 6-bit value.
  private static func symbol(_ value: UInt8) -> UInt8 {
    switch value {
    case 0..<26: UInt8(ascii: "A") + value
    case 26..<52: UInt8(ascii: "a") + value - 26
    case 52..<62: UInt8(ascii: "0") + value - 52
    case 62: UInt8(ascii: "-")
    default: UInt8(ascii: "_")
    }
  }

  /// The bytes of unpadded base64url `text`, or nil when it is not base64url.
  static func decode(_ text: String) -> Data? {
    var base64 = String(
      text.map { character -> Character in
        switch character {
        case "-": "+"
        case "_": "/"
        default: character
        }
      })
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64)
  }
}
