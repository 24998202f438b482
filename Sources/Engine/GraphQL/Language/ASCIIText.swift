/// Makes `String`s from ASCII bytes the lexer has already checked (names and numbers), without
/// the standard library's UTF-8 validation and repair pass.
///
/// `String(decoding:as:)` costs about 150 instructions per name, the largest single share of a
/// parse. Text of at most 15 ASCII bytes is a "small" string in Swift, held in the `String` value
/// itself: its two 64-bit words hold the bytes in order, and the top byte holds the flags
/// (immortal, small, ASCII: `0xE0`) and the length. `makeString` writes those two words directly.
/// That layout is the standard library's ABI on 64-bit platforms, but it is not a public API, so
/// `smallLayoutIsKnown` checks it once against strings the standard library made, and everything
/// falls back to `String(decoding:as:)` if it ever differs (or for longer text).
enum ASCIIText {
  /// The most bytes a small string holds.
  static let smallCapacity = 15

  /// Whether `String` has the small-string layout `makeString` writes: same size as two words,
  /// and literals of every small length read back as the words `smallWords` builds.
  static let smallLayoutIsKnown: Bool = {
    guard MemoryLayout<String>.size == 16, MemoryLayout<(UInt64, UInt64)>.size == 16 else { return false }
    let sample: [UInt8] = Array("_Az09_bcdefghij".utf8)
    for count in 0...smallCapacity {
      let made = String(decoding: sample[..<count], as: UTF8.self)
      let words = unsafeBitCast(made, to: (UInt64, UInt64).self)
      let expected = sample.withUnsafeBufferPointer { smallWords($0, start: 0, count: count) }
      guard words == expected else { return false }
      let rebuilt = unsafeBitCast(expected, to: String.self)
      guard rebuilt == made, rebuilt.utf8.count == count, Array(rebuilt.utf8) == Array(sample[..<count])
      else { return false }
    }
    return true
  }()

  /// The text of `bytes[start..<start + count]`, which must be ASCII.
  ///
  /// - Parameters:
  ///   - smallLayout: the value of `smallLayoutIsKnown`, read once by the caller (a global's
  ///     lazy initialization check on every name would cost more than it saves).
  @inline(__always)
  static func makeString(
    _ bytes: UnsafeBufferPointer<UInt8>, start: Int, count: Int, smallLayout: Bool
  ) -> String {
    guard smallLayout, count <= smallCapacity else {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]), as: UTF8.self)
    }
    return string(smallWords: smallWords(bytes, start: start, count: count))
  }

  /// The small string whose two words `words` are (as `smallWords` builds them).
  @inline(__always)
  static func string(smallWords words: (UInt64, UInt64)) -> String {
    // Written over an empty string rather than `unsafeBitCast`: a bit-cast value is copied, and
    // the copy retains it (a call into the runtime per name that does nothing for a small
    // string). The empty string it replaces is immortal, so nothing is lost by not releasing it.
    var string = ""
    withUnsafeMutableBytes(of: &string) { $0.storeBytes(of: words, as: (UInt64, UInt64).self) }
    return string
  }

  /// The two words of the small ASCII string of `bytes[start..<start + count]` (`count <= 15`):
  /// the bytes in little-endian order, and `0xE0 | count` in the top byte.
  @inline(__always)
  static func smallWords(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> (UInt64, UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    guard let base = bytes.baseAddress else { return (0, 0xE0 << 56) }
    if start + 16 <= bytes.count {
      // Two unaligned loads and masks instead of a byte loop; the 16 bytes are inside the buffer.
      let first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
      let second = UInt64(littleEndian: UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self))
      low = count >= 8 ? first : first & ((1 << (UInt64(count) &* 8)) &- 1)
      high = count <= 8 ? 0 : second & ((1 << (UInt64(count &- 8) &* 8)) &- 1)
    } else {
      var index = 0
      while index < count {
        let byte = UInt64(base[start + index])
        if index < 8 {
          low |= byte << (UInt64(index) &* 8)
        } else {
          high |= byte << (UInt64(index &- 8) &* 8)
        }
        index += 1
      }
    }
    return (low, high | (0xE0 | UInt64(count)) << 56)
  }
}
