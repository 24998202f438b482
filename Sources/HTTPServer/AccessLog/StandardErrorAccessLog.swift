import Glibc

/// Writes each access-log entry as one line on standard error.
///
/// Each line goes out in a single `write(2)`, so lines from concurrent requests never interleave
/// (lines are far below `PIPE_BUF`).
public struct StandardErrorAccessLog: AccessLog {
  /// Creates the log; it writes to whatever file descriptor 2 is at each write.
  public init() {}

  /// Writes `entry.line` and a newline to file descriptor 2; a failed write is dropped, since a
  /// closed standard error must not take the server down.
  public func record(_ entry: AccessLogEntry) {
    let bytes = entry.lineBytes(terminator: UInt8(ascii: "\n"))
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
  /// Creates the log.
  public init() {}

  /// Does nothing.
  public func record(_ entry: AccessLogEntry) {}
}
