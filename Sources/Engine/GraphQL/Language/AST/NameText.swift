/// A `Name`'s text as the node stores it: up to 12 ASCII bytes in place, anything else in a box.
///
/// Why not a `String`: freeing a node releases every `String` in it, two calls into the runtime
/// per name even for the small strings that hold nearly every name of a document (and for a
/// field's absent alias), about a twentieth of a parse. Bytes in place are freed with the node
/// for nothing, and reading them back builds a small string with no retain. The form is chosen
/// by the text alone, so synthesized equality and hashing agree with the text's.
enum NameText: Hashable, Sendable {
  /// 1-12 ASCII bytes other than NUL, in order from the low byte; unused bytes are zero.
  case inline(UInt64, UInt32)
  /// Any other text (longer, empty, non-ASCII, or with NUL).
  case boxed(Box)

  /// The most bytes held in place.
  static let inlineCapacity = 12

  /// Holds text that does not fit in place.
  final class Box: Hashable, Sendable {
    let string: String
    init(_ string: String) { self.string = string }
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.string == rhs.string }
    func hash(into hasher: inout Hasher) { hasher.combine(string) }
  }

  /// The form of `string`.
  init(_ string: String) {
    let utf8 = string.utf8
    if ASCIIText.smallLayoutIsKnown, utf8.count <= NameText.inlineCapacity,
      let words = utf8.withContiguousStorageIfAvailable(NameText.inlineWords)
        ?? Array(utf8).withUnsafeBufferPointer(NameText.inlineWords)
    {
      self = .inline(words.0, words.1)
    } else {
      self = .boxed(Box(string))
    }
  }

  /// The text of `bytes[start..<start + count]`, which the lexer checked is a name (ASCII, no
  /// NUL); `smallLayout` is `ASCIIText.smallLayoutIsKnown`, read once by the parser.
  @inline(__always)
  init(name bytes: UnsafeBufferPointer<UInt8>, start: Int, count: Int, smallLayout: Bool) {
    guard smallLayout, count <= NameText.inlineCapacity else {
      self = NameText.boxed(name: bytes, start: start, count: count, smallLayout: smallLayout)
      return
    }
    let words = ASCIIText.smallWords(bytes, start: start, count: count)
    self = .inline(words.0, UInt32(truncatingIfNeeded: words.1))
  }

  /// A longer name's box, out of line: rare, and it allocates, so the parser's inlined path
  /// stays small.
  @inline(never)
  private static func boxed(
    name bytes: UnsafeBufferPointer<UInt8>, start: Int, count: Int, smallLayout: Bool
  ) -> NameText {
    .boxed(Box(ASCIIText.makeString(bytes, start: start, count: count, smallLayout: smallLayout)))
  }

  /// The in-place words of `bytes` if they qualify: 1-12 ASCII bytes, none of them NUL.
  private static func inlineWords(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt32)? {
    guard (1...inlineCapacity).contains(bytes.count), bytes.allSatisfy({ $0 != 0 && $0 < 0x80 }) else {
      return nil
    }
    let words = ASCIIText.smallWords(bytes, start: 0, count: bytes.count)
    return (words.0, UInt32(truncatingIfNeeded: words.1))
  }

  /// The text.
  @inline(__always)
  var string: String {
    switch self {
    case .inline(let low, let high):
      // No byte is NUL, so the count is where the zero bytes start.
      let count =
        high != 0
        ? 8 &+ (39 &- high.leadingZeroBitCount) / 8 : (71 &- low.leadingZeroBitCount) / 8
      return ASCIIText.string(smallWords: (low, UInt64(high) | (0xE0 | UInt64(count)) << 56))
    case .boxed(let box):
      return box.string
    }
  }
}
