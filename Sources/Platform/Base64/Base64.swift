/// Base64 (RFC 4648) in its two alphabets: the standard one with `=` padding (section 4: the
/// WebSocket handshake's key and accept value) and the URL- and filename-safe one without padding
/// (section 5: launch cursors and session tokens). The one codec of the package.
///
/// Written byte by byte: the backend encodes every launch's cursor as it starts, and going through
/// `Data.base64EncodedString` and a `Character` per symbol cost a one-shot `launch 5` 7% of its
/// instructions (docs/startup.md).
package enum Base64 {
  /// Which of RFC 4648's alphabets, and whether it pads.
  package enum Alphabet: Sendable {
    /// `A-Z a-z 0-9 + /`, padded with `=` to a multiple of four symbols.
    case standard
    /// `A-Z a-z 0-9 - _`, without padding.
    case url
  }

  /// `bytes` in base64 with `alphabet`.
  package static func encode(_ bytes: some Sequence<UInt8>, _ alphabet: Alphabet = .standard) -> String {
    let input = Array(bytes)
    var output: [UInt8] = []
    output.reserveCapacity((input.count + 2) / 3 * 4)
    var index = 0
    while index < input.count {
      let count = min(3, input.count - index)
      var group = UInt32(input[index]) << 16
      if count > 1 { group |= UInt32(input[index + 1]) << 8 }
      if count > 2 { group |= UInt32(input[index + 2]) }
      // 3 bytes make 4 symbols; a final 1 or 2 bytes make 2 or 3, then padding where it pads.
      for shift in stride(from: 18, through: 18 - 6 * count, by: -6) {
        output.append(symbol(UInt8(truncatingIfNeeded: group >> UInt32(shift)) & 0x3F, alphabet))
      }
      if alphabet == .standard && count < 3 {
        output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - count))
      }
      index += count
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The bytes of `text`, or nil when it is not base64 in `alphabet` (a symbol of the other
  /// alphabet, padding where there must be none or missing where it must be, a length no
  /// encoding has, or bits left over in the last symbol).
  package static func decode(_ text: some StringProtocol, _ alphabet: Alphabet = .standard) -> [UInt8]? {
    var symbols = Array(text.utf8)
    if alphabet == .standard {
      guard symbols.count % 4 == 0 else { return nil }
      let padding = symbols.reversed().prefix { $0 == UInt8(ascii: "=") }.count
      guard padding <= 2 else { return nil }
      symbols.removeLast(padding)
    }
    guard symbols.count % 4 != 1 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(symbols.count * 3 / 4)
    var group: UInt32 = 0
    var bits = 0
    for symbol in symbols {
      guard let value = value(of: symbol, alphabet) else { return nil }
      group = group << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
        group &= (1 << UInt32(bits)) - 1
      }
    }
    // What is left must be the zero bits that only fill the last symbol.
    return group == 0 ? output : nil
  }

  /// The symbol of a 6-bit value.
  private static func symbol(_ value: UInt8, _ alphabet: Alphabet) -> UInt8 {
    switch value {
    case 0..<26: UInt8(ascii: "A") + value
    case 26..<52: UInt8(ascii: "a") + value - 26
    case 52..<62: UInt8(ascii: "0") + value - 52
    case 62: alphabet == .url ? UInt8(ascii: "-") : UInt8(ascii: "+")
    default: alphabet == .url ? UInt8(ascii: "_") : UInt8(ascii: "/")
    }
  }

  /// The 6-bit value of a symbol, or nil when `alphabet` has no such symbol.
  private static func value(of symbol: UInt8, _ alphabet: Alphabet) -> UInt8? {
    switch symbol {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): symbol - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): symbol - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): symbol - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+") where alphabet == .standard, UInt8(ascii: "-") where alphabet == .url: 62
    case UInt8(ascii: "/") where alphabet == .standard, UInt8(ascii: "_") where alphabet == .url: 63
    default: nil
    }
  }
}
