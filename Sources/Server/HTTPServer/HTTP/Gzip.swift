import CZlib

/// gzip (RFC 1952) through zlib, for buffered answers.
package enum Gzip {
  /// zlib's fastest level, as nginx's: on a page of launches nearly level 6's size in half the
  /// time (docs/performance.md).
  package static let level: Int32 = 1

  /// `bytes` as one gzip member, or nil when zlib cannot be loaded or fails.
  package static func compress(_ bytes: [UInt8], level: Int32 = Gzip.level) -> [UInt8]? {
    guard czlib_open_error() == nil else { return nil }
    let capacity = czlib_gzip_bound(bytes.count)
    var written = -1
    let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      written = bytes.withUnsafeBytes { input in
        czlib_gzip(input.baseAddress, input.count, buffer.baseAddress, capacity, level)
      }
      count = max(0, written)
    }
    return written >= 0 ? output : nil
  }
}
