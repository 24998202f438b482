/// Follows the frames a WebSocket client sends, ahead of wslay, to catch the control frames RFC
/// 6455 forbids (fragmented, or over 125 bytes) before wslay answers them with a close without a
/// status (1005 to the client): input stops before the frame, and the connection sends 1002.
package struct FrameScanner {
  /// The bytes of the current frame's header seen so far (at most 14).
  private var header: [UInt8] = []
  /// Payload bytes of the current frame still to come.
  private var remaining: UInt64 = 0
  /// Why the input must stop, once a forbidden frame was seen.
  package private(set) var violation: String?

  /// How many of the client's next `bytes` may go to wslay: all, or those before a forbidden
  /// frame (`violation` is then set).
  package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard violation == nil else { return 0 }
    var index = 0
    while index < bytes.count {
      if remaining > 0 {
        let skipped = min(UInt64(bytes.count - index), remaining)
        index += Int(skipped)
        remaining -= skipped
        continue
      }
      let headerStart = index - header.count
      header.append(bytes[index])
      index += 1
      if header.count == 2 {
        let isControl = header[0] & 0x08 != 0
        let isFinal = header[0] & 0x80 != 0
        if isControl && (!isFinal || header[1] & 0x7F > 125) {
          violation =
            isFinal ? "a control frame with more than 125 bytes of payload" : "a fragmented control frame"
          return max(0, headerStart)
        }
      }
      if header.count >= 2, header.count == Self.headerLength(header) {
        remaining = Self.payloadLength(header)
        header = []
      }
    }
    return bytes.count
  }

  /// The whole header's length, once its first two bytes are known.
  private static func headerLength(_ header: [UInt8]) -> Int {
    let extended =
      switch header[1] & 0x7F {
      case 126: 2
      case 127: 8
      default: 0
      }
    return 2 + extended + (header[1] & 0x80 != 0 ? 4 : 0)
  }

  private static func payloadLength(_ header: [UInt8]) -> UInt64 {
    switch header[1] & 0x7F {
    case 126: return UInt64(header[2]) << 8 | UInt64(header[3])
    case 127: return header[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
    case let length: return UInt64(length)
    }
  }
}
