/// JSON text written byte by byte (the server knows no JSON library), for the probes' answers
/// and the JSON access log.
enum JSONText {
  /// Appends `text` as a JSON string, cut after `limit` UTF-8 bytes on a character boundary.
  static func appendString(_ text: String, limit: Int = .max, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var used = 0
    for scalar in text.unicodeScalars {
      let width = UTF8.width(scalar)
      guard used + width <= limit else { break }
      used += width
      switch scalar {
      case "\"": bytes.append(contentsOf: #"\""#.utf8)
      case "\\": bytes.append(contentsOf: #"\\"#.utf8)
      case "\n": bytes.append(contentsOf: #"\n"#.utf8)
      case "\r": bytes.append(contentsOf: #"\r"#.utf8)
      case "\t": bytes.append(contentsOf: #"\t"#.utf8)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(hexDigit(UInt8(scalar.value >> 4)))
        bytes.append(hexDigit(UInt8(scalar.value & 0xF)))
      default: bytes.append(contentsOf: scalar.utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// `"name":` after a comma when `bytes` already holds a member.
  static func appendKey(_ name: StaticString, to bytes: inout [UInt8]) {
    if let last = bytes.last, last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(contentsOf: "\":".utf8)
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }
}
