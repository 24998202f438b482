import FoundationEssentials

/// Base64 with the URL- and filename-safe alphabet and no padding (RFC 4648 §5), the text form of
/// launch cursors and session tokens.
enum Base64URL {
  /// `bytes` in base64url without `=` padding.
  static func encode(_ bytes: some Sequence<UInt8>) -> String {
    String(
      Data(bytes).base64EncodedString().compactMap { character -> Character? in
        switch character {
        case "+": "-"
        case "/": "_"
        case "=": nil
        default: character
        }
      })
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
