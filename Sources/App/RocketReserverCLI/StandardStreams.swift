import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `text` to standard output, unbuffered, retrying on partial writes and EINTR.
/// - Returns: 0, or the `errno` of the write that failed.
@discardableResult
func writeStandardOutput(_ text: String) -> Int32 { writeAll(text, to: STDOUT_FILENO) }

/// Writes `text` to standard error, unbuffered, retrying on partial writes and EINTR.
func writeStandardError(_ text: String) { _ = writeAll(text, to: STDERR_FILENO) }

/// The first failed write to standard output, so the program can stop with status 74 (or end
/// quietly when the reader went away, as `head` does).
///
/// Thread safety: a `Mutex`.
final class OutputFailure: Sendable {
  private let code = Mutex<Int32>(0)

  /// Records `errno` unless a failure is already recorded.
  func record(_ errno: Int32) {
    guard errno != 0 else { return }
    code.withLock { if $0 == 0 { $0 = errno } }
  }

  /// The `errno` of the first failed write, or nil.
  var errno: Int32? {
    let value = code.withLock { $0 }
    return value == 0 ? nil : value
  }
}

private func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
  var bytes = Array(text.utf8)
  return bytes.withUnsafeMutableBytes { buffer in
    guard let base = buffer.baseAddress else { return 0 }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }
}
