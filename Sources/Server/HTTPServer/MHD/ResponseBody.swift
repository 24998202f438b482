import CMicroHTTPD
import Glibc

/// A large response body handed to libmicrohttpd without a copy, read in blocks through a
/// callback, so a connection buffers one block beyond it however slowly the client reads.
/// Retained by libmicrohttpd's response until its free callback.
final class ResponseBody: Sendable {
  /// The block libmicrohttpd reads at a time (and so buffers per connection for the body).
  static let blockSize = 64 << 10

  let bytes: [UInt8]

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// A libmicrohttpd response for `bytes`: a copy for small bodies (one allocation, sent with the
  /// head), a callback over these very bytes for bodies larger than a block.
  static func response(_ bytes: [UInt8]) -> OpaquePointer? {
    guard bytes.count > blockSize else {
      return bytes.withUnsafeBytes { cmhd_response_copying($0.baseAddress, $0.count) }
    }
    let context = Unmanaged.passRetained(ResponseBody(bytes)).toOpaque()
    let response = MHD_create_response_from_callback(
      UInt64(bytes.count), blockSize,
      { context, position, buffer, capacity in
        guard let context, let buffer else { return -1 }
        let body = Unmanaged<ResponseBody>.fromOpaque(context).takeUnretainedValue()
        let start = Int(clamping: position)
        let count = min(capacity, body.bytes.count - start)
        guard count > 0 else { return -1 }
        body.bytes.withUnsafeBytes { source in
          guard let base = source.baseAddress else { return }
          memcpy(buffer, base + start, count)
        }
        return count
      },
      context,
      { context in
        guard let context else { return }
        Unmanaged<ResponseBody>.fromOpaque(context).release()
      })
    if response == nil { Unmanaged<ResponseBody>.fromOpaque(context).release() }
    return response
  }
}
