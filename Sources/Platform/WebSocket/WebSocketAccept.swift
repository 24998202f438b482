import Base64
import CCrypto

/// The RFC 6455 opening handshake's key and accept value, for both ends.
package enum WebSocketAccept {
  /// The GUID of RFC 6455 section 1.3, appended to the key before hashing.
  static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

  /// base64(SHA-1(key + the RFC's GUID)): what a server answers for `key` (section 4.2.2).
  package static func value(forKey key: String) -> String {
    let input = Array((key + guid).utf8)
    var digest = [UInt8](repeating: 0, count: 20)
    ccrypto_sha1(input, input.count, &digest)
    return Base64.encode(digest)
  }

  /// A new client key: base64 of 16 random bytes (section 4.1).
  package static func newKey() -> String {
    var random = [UInt8](repeating: 0, count: 16)
    if ccrypto_random_bytes(&random, 16) != 1 {
      // The key only proves the server read this handshake; it need not be secret.
      random = (0..<16).map { _ in UInt8.random(in: 0...255) }
    }
    return Base64.encode(random)
  }

  /// Whether `key` is the base64 form of 16 bytes: 22 characters and `==`.
  package static func isValidKey(_ key: String) -> Bool {
    key.utf8.count == 24 && Base64.decode(key)?.count == 16
  }
}
