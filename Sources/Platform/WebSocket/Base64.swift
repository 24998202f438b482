/// Standard base64 (RFC 4648 section 4), for the handshake.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      let value = chunk.enumerated().reduce(UInt32(0)) {
        $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset))
      }
      for position in 0..<4 {
        if position <= chunk.count {
          out.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 63)])
        } else {
          out.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func value(of byte: UInt8) -> UInt8? {
    alphabet.firstIndex(of: byte).map { UInt8($0) }
  }
}
