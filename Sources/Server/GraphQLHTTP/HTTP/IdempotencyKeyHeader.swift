/// The `Idempotency-Key` request header (draft-ietf-httpapi-idempotency-key-header): a key the
/// client sends with every retry of one change, as a Structured Field String or bare.
enum IdempotencyKeyHeader {
  /// The longest key taken, in bytes: more than any UUID or ULID needs.
  static let maxBytes = 255

  /// The key in `value` (nil for none).
  /// - Throws: `ParameterError` for a value that is no key.
  static func parse(_ value: String?) throws(ParameterError) -> String? {
    guard let value else { return nil }
    var key = Substring(value)
    if key.hasPrefix("\"") {
      guard key.count >= 2, key.hasSuffix("\"") else {
        throw ParameterError(message: "The Idempotency-Key header has an unterminated quoted string.")
      }
      key = key.dropFirst().dropLast()
    }
    guard !key.isEmpty else { throw ParameterError(message: "The Idempotency-Key header is empty.") }
    guard key.utf8.count <= maxBytes else {
      throw ParameterError(message: "The Idempotency-Key header is longer than \(maxBytes) bytes.")
    }
    // Printable ASCII without quotes or backslashes: what a Structured Field String holds unescaped.
    guard
      key.utf8.allSatisfy({
        (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
      })
    else {
      throw ParameterError(
        message: "The Idempotency-Key header must be printable ASCII without quotes or backslashes.")
    }
    return String(key)
  }
}
