/// Reads the session token out of an `Authorization` header value.
///
/// The tutorial apps send the bare token; other clients send `Bearer <token>` (the scheme is
/// matched case-insensitively, as HTTP auth schemes are). Whether the token is real is the
/// store's question, not this one's.
enum AuthorizationHeader {
  /// The token in `header`, or nil when there is none (missing, empty, or a scheme alone).
  ///
  /// - Parameter header: the raw header value, if the request had one.
  static func token(from header: String?) -> String? {
    guard let header else { return nil }
    let value = header.trimmingSpaces()
    guard !value.isEmpty else { return nil }
    let scheme = "bearer"
    if value.utf8.count >= scheme.utf8.count,
      value.utf8.prefix(scheme.utf8.count).elementsEqual(scheme.utf8, by: { asciiLowercase($0) == $1 })
    {
      let rest = value.utf8.dropFirst(scheme.utf8.count)
      if rest.isEmpty { return nil }
      // `Bearer` followed by a space is the scheme; a token merely starting with the letters
      // "bearer" (impossible for ours, but cheap to respect) is taken whole.
      if rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\t") {
        let token = Substring(rest).trimmingSpaces()
        return token.isEmpty ? nil : token
      }
    }
    return value
  }

  private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs (header whitespace).
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
