/// A growable byte buffer the JSON encoder writes into: a raw allocation and a count, so writing
/// a byte is a capacity check and a store, with none of `Array.append`'s uniqueness checks and
/// generic `append(contentsOf:)` machinery on the hot path of encoding every response.
///
/// Non-copyable: it owns its allocation and frees it in `deinit`.
@_spi(Encoding) public struct JSONByteWriter: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  @usableFromInline package internal(set) var count = 0

  /// - Parameter capacity: the initial capacity in bytes (grows by doubling).
  package init(capacity: Int) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `extra` more bytes.
  @inlinable @inline(__always)
  public mutating func reserve(_ extra: Int) {
    if count &+ extra > capacity { grow(to: count + extra) }
  }

  // Out of line: the hot path of every write is the capacity check and the copy.
  @usableFromInline @inline(never) mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inlinable @inline(__always)
  public mutating func write(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inlinable @inline(__always)
  public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    (base + count).initialize(from: source, count: bytes.count)
    count &+= bytes.count
  }

  /// Writes `bytes` between double quotes, as they are (the caller has checked that they need no
  /// escaping): one capacity check for the three parts, since most values of a response are such
  /// strings.
  @inlinable @inline(__always)
  public mutating func writeQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count &+ 2)
    base[count] = UInt8(ascii: "\"")
    if let source = bytes.baseAddress {
      (base + (count &+ 1)).initialize(from: source, count: bytes.count)
    }
    count &+= bytes.count &+ 2
    base[count &- 1] = UInt8(ascii: "\"")
  }

  package mutating func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write($0) }
  }

  @inlinable @inline(__always)
  public mutating func write(_ text: StaticString) {
    text.withUTF8Buffer { write($0) }
  }

  /// Drops everything written after the first `count` bytes (the executor's encoded path takes a
  /// field's partial output back when a non-null error propagates past it).
  @inlinable @inline(__always)
  public mutating func truncate(to count: Int) {
    precondition(count >= 0 && count <= self.count, "truncating beyond the written bytes")
    self.count = count
  }

  /// Appends the bytes written from offset `start` on to `buffer`.
  package func append(to buffer: inout [UInt8], from start: Int) {
    buffer.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
  }

  /// Appends the bytes written so far to `buffer`.
  package func append(to buffer: inout [UInt8]) {
    buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
  }

  /// The bytes written so far, as an array.
  package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
