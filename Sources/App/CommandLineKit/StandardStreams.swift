import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `text` to standard output, unbuffered, retrying on partial writes and EINTR.
/// - Returns: 0, or the `errno` of the write that failed.
@discardableResult
package func writeStandardOutput(_ text: String) -> Int32 { writeAll(text, to: STDOUT_FILENO) }

/// Writes `text` to standard error, unbuffered, retrying on partial writes and EINTR.
package func writeStandardError(_ text: String) { _ = writeAll(text, to: STDERR_FILENO) }

/// Writes `program: warning: message` and a newline to standard error.
package func writeWarning(_ message: String) {
  writeStandardError("\(ProgramName.current): warning: \(message)\n")
}

/// The name the program was started under (the last part of `argv[0]`), which starts its
/// messages and names its section of libedit's `~/.editrc`.
package enum ProgramName {
  package static let current: String = {
    let path = CommandLine.arguments.first ?? ""
    return path.split(separator: "/").last.map(String.init) ?? path
  }()
}

/// The first failed write to standard output, so the program can stop with status 74 (or end
/// quietly when the reader went away, as `head` does).
///
/// Thread safety: a `Mutex`.
package final class OutputFailure: Sendable {
  private let code = Mutex<Int32>(0)

  package init() {}

  /// Records `errno` unless a failure is already recorded.
  package func record(_ errno: Int32) {
    guard errno != 0 else { return }
    code.withLock { if $0 == 0 { $0 = errno } }
  }

  /// The `errno` of the first failed write, or nil.
  package var errno: Int32? {
    let value = code.withLock { $0 }
    return value == 0 ? nil : value
  }
}

/// Writes all of `text` to `descriptor`, retrying on partial writes and EINTR.
/// - Returns: 0, or the `errno` of the write that failed.
package func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
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
