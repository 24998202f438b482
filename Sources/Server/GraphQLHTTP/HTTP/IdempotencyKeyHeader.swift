/// The `Idempotency-Key` request header (IETF draft-ietf-httpapi-idempotency-key-header): an
/// opaque key the client makes for one change (a UUID, say) and sends again with every retry of
/// it.
///
/// The draft defines the value as a Structured Field String (`"8e03978e-40d5-43e8-bc93-
/// 6894a57f9324"`); many clients send it bare, so both are taken.
enum IdempotencyKeyHeader {
  /// A header value that is no key.
  struct Problem: Error, Equatable {
    let message: String
  }

  /// The longest key taken, in bytes: more than any UUID or ULID needs.
  static let maxBytes = 255

  /// The key in `value`: nil when the request has none, a ``Problem`` for an empty, overlong or
  /// unprintable value, or an unterminated quote.
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
