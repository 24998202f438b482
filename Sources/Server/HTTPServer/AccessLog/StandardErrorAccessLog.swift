import Glibc

/// Writes each access-log entry as one line on standard error, in a single `write(2)` (far below
/// `PIPE_BUF`), so lines of concurrent requests never interleave.
public struct StandardErrorAccessLog: AccessLog {
  /// How each entry is written.
  public let format: AccessLogFormat

  /// A log to whatever file descriptor 2 is at each write, in `format`.
  public init(format: AccessLogFormat = .text) { self.format = format }

  /// Writes the entry's line; a failed write is dropped (a closed standard error must not take
  /// the server down).
  public func record(_ entry: AccessLogEntry) {
    let newline = UInt8(ascii: "\n")
    let bytes =
      switch format {
      case .text: entry.lineBytes(terminator: newline)
      case .json: entry.jsonLineBytes(terminator: newline)
      }
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}

/// An access log that records nothing (for benchmarks, or when a proxy logs instead).
public struct DiscardingAccessLog: AccessLog {
  public init() {}

  public func record(_ entry: AccessLogEntry) {}
}
