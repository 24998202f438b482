/// UTF-8 JSON text for `JSON` values, written the way JavaScript's `JSON.stringify` writes them
/// (what graphql-js servers send), so responses are byte-for-byte comparable with theirs.
///
/// - Strings: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`; everything
///   else, including non-ASCII, written as UTF-8.
/// - Integers exactly; doubles in the shortest form that reads back to the same value, formatted as
///   ECMAScript's `Number.prototype.toString` (`1`, `0.000001`, `1e-7`, `1e+21`).
/// - NaN and infinities, which GraphQL cannot produce, as `null` (as `JSON.stringify` does).
extension JSON {
  /// The value as compact UTF-8 JSON text.
  public func encoded() -> [UInt8] {
    var writer = JSONByteWriter(capacity: 256)
    encode(into: &writer)
    return writer.bytes
  }

  /// The value as compact JSON text in a `String`.
  public var encodedString: String { String(decoding: encoded(), as: UTF8.self) }

  /// Appends the value as compact UTF-8 JSON text to `buffer`.
  public func encode(into buffer: inout [UInt8]) {
    var writer = JSONByteWriter(capacity: 256)
    encode(into: &writer)
    writer.append(to: &buffer)
  }

  package func encode(into writer: inout JSONByteWriter) {
    switch self {
    case .null: writer.write("null")
    case .bool(let value): writer.write(value ? "true" : "false")
    case .int(let value): JSONWriter.writeInt(value, to: &writer)
    case .double(let value):
      var text: [UInt8] = []
      JSONWriter.appendDouble(value, to: &text)
      writer.write(text)
    case .string(let value): JSONWriter.writeString(value, to: &writer)
    case .array(let elements):
      writer.write(UInt8(ascii: "["))
      var first = true
      for element in elements {
        if !first { writer.write(UInt8(ascii: ",")) }
        first = false
        element.encode(into: &writer)
      }
      writer.write(UInt8(ascii: "]"))
    case .object(let object):
      object.encode(into: &writer)
    }
  }
}

extension JSONObject {
  /// Appends the object as compact UTF-8 JSON text to `buffer`, members in insertion order.
  public func encode(into buffer: inout [UInt8]) {
    var writer = JSONByteWriter(capacity: 256)
    encode(into: &writer)
    writer.append(to: &buffer)
  }

  package func encode(into writer: inout JSONByteWriter) {
    writer.write(UInt8(ascii: "{"))
    values.withUnsafeBufferPointer { values in
      keys.withUnsafeBufferPointer { keys in
        for index in 0..<keys.count {
          if index > 0 { writer.write(UInt8(ascii: ",")) }
          JSONWriter.writeString(keys[index], to: &writer)
          writer.write(UInt8(ascii: ":"))
          values[index].encode(into: &writer)
        }
      }
    }
    writer.write(UInt8(ascii: "}"))
  }
}

extension JSONWriter {
  /// Writes `value` as a JSON string. Most strings need no escaping, and go out in one copy after
  /// a scan.
  package static func writeString(_ value: String, to writer: inout JSONByteWriter) {
    // The view's storage, without copying `value` first (as `withUTF8`, which is mutating, needs):
    // every native or small string has it.
    let written: Void? = value.utf8.withContiguousStorageIfAvailable { writeUTF8($0, to: &writer) }
    if written == nil {
      var value = value
      value.withUTF8 { writeUTF8($0, to: &writer) }
    }
  }

  /// Writes UTF-8 text as a JSON string.
  @inline(__always)
  static func writeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout JSONByteWriter) {
    if needsEscaping(bytes) {
      var escaped: [UInt8] = []
      escaped.reserveCapacity(bytes.count + 8)
      appendEscaped(bytes, to: &escaped)
      writer.write(escaped)
    } else {
      writer.writeQuoted(bytes)
    }
  }

  /// Whether any byte is a control character, `"` or `\\`, eight bytes at a time
  /// (`wordNeedsEscaping`).
  @inline(__always)
  package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var index = 0
    while index &+ 8 <= bytes.count {
      if wordNeedsEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { return true }
      index &+= 8
    }
    while index < bytes.count {
      let byte = base[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
      index &+= 1
    }
    return false
  }

  /// Whether any of the eight bytes of `word` is a control character, `"` or `\\` (the JSON
  /// string's writer and parser both scan with it). The classic "has a zero byte" bit trick:
  /// `(x - 0x01..) & ~x & 0x80..` is non-zero exactly when some byte of `x` is zero, and
  /// `(x - n * 0x01..) & ~x & 0x80..` when some byte is below `n`.
  @inline(__always)
  static func wordNeedsEscaping(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let control = (word &- ones &* 0x20) & ~word & highs
    let quote = ((word ^ (ones &* 0x22)) &- ones) & ~(word ^ (ones &* 0x22)) & highs
    let backslash = ((word ^ (ones &* 0x5C)) &- ones) & ~(word ^ (ones &* 0x5C)) & highs
    return control | quote | backslash != 0
  }

  /// Writes an integer's decimal digits.
  package static func writeInt(_ value: Int, to writer: inout JSONByteWriter) {
    if value >= 0 && value < 10 {
      writer.write(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    var text: [UInt8] = []
    appendInt(value, to: &text)
    writer.write(text)
  }
}

/// The primitive writers behind `JSON.encode(into:)`.
package enum JSONWriter {
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  package static func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
    text.withUTF8Buffer { buffer.append(contentsOf: $0) }
  }

  package static func appendInt(_ value: Int, to buffer: inout [UInt8]) {
    if value >= 0 && value < 10 {
      buffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    // Digits are produced backwards into a fixed scratch area, then copied once.
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
      var position = 20
      repeat {
        position -= 1
        scratch[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 { buffer.append(UInt8(ascii: "-")) }
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[position..<20]))
    }
  }

  package static func appendString(_ value: String, to buffer: inout [UInt8]) {
    var value = value
    value.withUTF8 { appendEscaped($0, to: &buffer) }
  }

  /// Appends UTF-8 bytes as a quoted JSON string, escaping what JSON requires.
  package static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
    buffer.append(UInt8(ascii: "\""))
    var runStart = 0
    for index in 0..<bytes.count {
      let byte = bytes[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
      if runStart < index {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      }
      runStart = index + 1
      buffer.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
      case 0x08: buffer.append(UInt8(ascii: "b"))
      case 0x0C: buffer.append(UInt8(ascii: "f"))
      case 0x0A: buffer.append(UInt8(ascii: "n"))
      case 0x0D: buffer.append(UInt8(ascii: "r"))
      case 0x09: buffer.append(UInt8(ascii: "t"))
      default:
        buffer.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        buffer.append(hexDigits[Int(byte >> 4)])
        buffer.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    if runStart < bytes.count {
      buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    buffer.append(UInt8(ascii: "\""))
  }

  package static func appendDouble(_ value: Double, to buffer: inout [UInt8]) {
    guard value.isFinite else {
      appendASCII("null", to: &buffer)
      return
    }
    if value == 0 {
      buffer.append(UInt8(ascii: "0"))
      return
    }
    if value == value.rounded(), value.magnitude < 1e15 {
      appendInt(Int(value), to: &buffer)
      return
    }
    let (digits, exponent) = shortestDigits(of: value.magnitude)
    if value < 0 { buffer.append(UInt8(ascii: "-")) }
    formatECMAScript(digits: digits, exponent: exponent, into: &buffer)
  }

  /// The shortest round-trip decimal digits of a positive finite double and the exponent `n` such
  /// that the value is `0.d1d2...dk × 10^n`. Swift's `description` already computes the shortest
  /// digits (Errol/Ryu-style); only its layout differs from ECMAScript's.
  package static func shortestDigits(of value: Double) -> (digits: [UInt8], exponent: Int) {
    var digits: [UInt8] = []
    var pointPosition: Int?
    var exponent = 0
    var exponentSign = 1
    var inExponent = false
    for byte in value.description.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if inExponent {
          exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
        } else {
          digits.append(byte)
        }
      case UInt8(ascii: "."): pointPosition = digits.count
      case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
      case UInt8(ascii: "-"): if inExponent { exponentSign = -1 }
      default: break
      }
    }
    var integerDigits = pointPosition ?? digits.count
    // Strip leading zeros (as in `0.001`), each one moving the point left.
    var leading = 0
    while leading < digits.count - 1 && digits[leading] == UInt8(ascii: "0") {
      leading += 1
      integerDigits -= 1
    }
    digits.removeFirst(leading)
    while digits.count > 1 && digits.last == UInt8(ascii: "0") { digits.removeLast() }
    return (digits, integerDigits + exponentSign * exponent)
  }

  /// ECMAScript Number::toString layout for digits `d1...dk` and exponent `n`.
  package static func formatECMAScript(digits: [UInt8], exponent n: Int, into buffer: inout [UInt8]) {
    let k = digits.count
    if k <= n && n <= 21 {
      buffer.append(contentsOf: digits)
      buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: n - k))
    } else if 0 < n && n <= 21 {
      buffer.append(contentsOf: digits[0..<n])
      buffer.append(UInt8(ascii: "."))
      buffer.append(contentsOf: digits[n...])
    } else if -6 < n && n <= 0 {
      buffer.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
      buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -n))
      buffer.append(contentsOf: digits)
    } else {
      buffer.append(digits[0])
      if k > 1 {
        buffer.append(UInt8(ascii: "."))
        buffer.append(contentsOf: digits[1...])
      }
      buffer.append(UInt8(ascii: "e"))
      buffer.append(UInt8(ascii: n - 1 >= 0 ? "+" : "-"))
      appendInt(abs(n - 1), to: &buffer)
    }
  }
}
