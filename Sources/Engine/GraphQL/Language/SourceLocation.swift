/// The byte offsets of a node's first character and one past its last character in its `Source`.
///
/// Stored as two 32-bit offsets, so every AST node is 8 bytes smaller than with two `Int`s (parse
/// time is dominated by building and moving nodes); `parse` refuses sources of 4 GiB or more, so
/// parsed offsets always fit. Offsets given to `init` are clamped to `0...UInt32.max - 1`
/// (`UInt32.max` marks "no range" in `PackedSourceRange`).
public struct SourceRange: Hashable, Sendable {
  var storedStart: UInt32
  var storedEnd: UInt32

  /// The offset of the first byte.
  public var start: Int {
    get { Int(storedStart) }
    set { storedStart = SourceRange.offset(newValue) }
  }

  /// The offset one past the last byte.
  public var end: Int {
    get { Int(storedEnd) }
    set { storedEnd = SourceRange.offset(newValue) }
  }

  /// - Parameters:
  ///   - start: the offset of the first byte (clamped to `0...UInt32.max - 1`).
  ///   - end: the offset one past the last byte (clamped likewise).
  @inline(__always)
  public init(start: Int, end: Int) {
    self.storedStart = SourceRange.offset(start)
    self.storedEnd = SourceRange.offset(end)
  }

  /// A range of a source the parser accepted (at most `maxSourceLength` bytes), whose offsets
  /// need no clamping: the parser builds one per node.
  @inline(__always)
  init(parsedStart start: Int, end: Int) {
    storedStart = UInt32(truncatingIfNeeded: start)
    storedEnd = UInt32(truncatingIfNeeded: end)
  }

  /// An offset as stored: clamped below `UInt32.max`, which `PackedSourceRange` reserves.
  @inline(__always)
  static func offset(_ value: Int) -> UInt32 {
    UInt32(clamping: min(value, maxSourceLength))
  }

  /// The largest source `parse` accepts, in bytes: every offset, including the end, fits in 32 bits
  /// below the reserved `UInt32.max`.
  static let maxSourceLength = Int(UInt32.max - 1)
}

/// A `SourceRange?` in 8 bytes, with no tag byte: a start of `UInt32.max` (never a real offset)
/// means nil.
///
/// AST nodes store their range this way behind a `range: SourceRange?` property. Besides being
/// smaller, it keeps a node that holds an optional node (a field's `alias: Name?`, its
/// `selectionSet: SelectionSet?`) free of nested optionals: with those, the compiler built every
/// `Field` in a temporary and then copied it (retaining and releasing each member), which cost
/// about a tenth of a parse. For the same reason the nodes' public initializers are declared in
/// extensions: a type with an explicit initializer of its own loses its memberwise one, and
/// nodes built through an explicit initializer were copied the same way, so the parser builds
/// them with the memberwise initializer (`packedRange:` last).
struct PackedSourceRange: Hashable, Sendable {
  private var start: UInt32
  private var end: UInt32

  /// - Parameter range: the range to store, or nil.
  @inline(__always)
  init(_ range: SourceRange?) {
    if let range {
      start = range.storedStart
      end = range.storedEnd
    } else {
      start = .max
      end = .max
    }
  }

  /// The stored range, or nil.
  @inline(__always)
  var range: SourceRange? {
    guard start != .max else { return nil }
    var range = SourceRange(start: 0, end: 0)
    range.storedStart = start
    range.storedEnd = end
    return range
  }
}
