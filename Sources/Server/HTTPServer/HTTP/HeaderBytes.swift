/// Header field text compared and trimmed as octets (RFC 9110 section 5.5), without grapheme
/// breaking on every request.
extension Collection<UInt8> {
  /// Whether these bytes are `lowercase` in any ASCII case. Inlinable, so other modules get it
  /// specialized: unspecialized, it cost a fifth of serve's CPU per request.
  @inlinable package func equalsIgnoringASCIICase(_ lowercase: StaticString) -> Bool {
    let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
    guard count == expected.count else { return false }
    return zip(self, expected).allSatisfy { byte, wanted in
      (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == wanted
    }
  }
}

extension BidirectionalCollection<UInt8> where SubSequence == Self {
  /// The bytes without the spaces and tabs around them (an `ArraySlice`, or a slice of a buffer).
  @inlinable package var trimmingASCIISpaces: Self {
    let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
