/// The `Idempotency-Key` request header (draft-ietf-httpapi-idempotency-key-header): a key the
/// client sends with every retry of one change, as a Structured Field String or bare.
enum IdempotencyKeyHeader {
  /// A header value that is no key.
  struct Problem: Error, Equatable {
    let message: String
  }

  /// The longest key taken, in bytes: more than any UUID or ULID needs.
  static let maxBytes = 255

  /// The key in `value` (nil for none), or the ``Problem`` with it.
  static func parse(_ value: String?) -> Result<String?, Problem> {
    guard let value else { return .success(nil) }
    var key = Substring(value)
    if key.hasPrefix("\"") {
      guard key.count >= 2, key.hasSuffix("\"") else {
        return .failure(Problem(message: "The Idempotency-Key header has an unterminated quoted string."))
      }
      key = key.dropFirst().dropLast()
    }
    guard !key.isEmpty else { return .failure(Problem(message: "The Idempotency-Key header is empty.")) }
    guard key.utf8.count <= maxBytes else {
      return .failure(Problem(message: "The Idempotency-Key header is longer than \(maxBytes) bytes."))
    }
    // Printable ASCII without quotes or backslashes: what a Structured Field String holds unescaped.
    guard
      key.utf8.allSatisfy({
        (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
      })
    else {
      return .failure(
        Problem(message: "The Idempotency-Key header must be printable ASCII without quotes or backslashes."))
    }
    return .success(String(key))
  }
}
