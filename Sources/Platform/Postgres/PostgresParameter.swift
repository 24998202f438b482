import FoundationEssentials

/// A Swift value that can be bound to a `$n` parameter, sent in PostgreSQL's text format.
public protocol PostgresParameter {
  /// The value as PostgreSQL's text input accepts it; nil for SQL NULL.
  var postgresText: String? { get }
}

extension Int: PostgresParameter {
  public var postgresText: String? { String(self) }
}

extension String: PostgresParameter {
  public var postgresText: String? { self }
}

extension Bool: PostgresParameter {
  public var postgresText: String? { self ? "t" : "f" }
}

extension Data: PostgresParameter {
  /// `bytea` in hex format: `\x` and two hex digits per byte.
  public var postgresText: String? {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "x")]
    text.reserveCapacity(2 + count * 2)
    for byte in self {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}

extension Optional: PostgresParameter where Wrapped: PostgresParameter {
  public var postgresText: String? { self?.postgresText }
}
