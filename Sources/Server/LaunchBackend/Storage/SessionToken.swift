import Base64
import CCrypto
import FoundationEssentials

/// A login session's bearer token: 32 bytes (256 bits) from OpenSSL's CSPRNG, written as
/// URL-safe base64 without padding (43 characters of `A-Z a-z 0-9 - _`).
///
/// The token text is handed to the client once, by `login`. The store keeps only
/// ``digest`` (SHA-256 of the text), so a copy of the database file cannot be used to log in,
/// and lookups compare hashes rather than secrets.
public struct SessionToken: Sendable, Hashable {
  /// Random bytes per token.
  public static let byteCount = 32
  /// Characters in the text form: 32 bytes in unpadded base64.
  public static let textLength = 43

  /// The token as the client sends it.
  public let text: String

  /// Wraps a token received from a client, or returns `nil` if it cannot be one of ours
  /// (wrong length or alphabet), which saves a database lookup for junk.
  public init?(text: String) {
    guard text.utf8.count == Self.textLength, text.utf8.allSatisfy(Self.isAlphabet) else { return nil }
    self.text = text
  }

  private init(validText: String) { self.text = validText }

  /// A new random token.
  ///
  /// - Throws: ``BookingStoreError/randomSourceFailed`` if OpenSSL cannot produce random bytes.
  public static func generate() throws -> SessionToken {
    var bytes = [UInt8](repeating: 0, count: byteCount)
    guard ccrypto_random_bytes(&bytes, Int32(byteCount)) == 1 else {
      throw BookingStoreError.randomSourceFailed
    }
    return SessionToken(validText: Base64.encode(bytes, .url))
  }

  /// SHA-256 of the token's UTF-8 text: the only form the database stores.
  public var digest: Data {
    let input = Array(text.utf8)
    var output = [UInt8](repeating: 0, count: 32)
    ccrypto_sha256(input, input.count, &output)
    return Data(output)
  }

  private static func isAlphabet(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default:
      false
    }
  }
}
