#if canImport(Glibc)
  import Glibc
#endif

/// Writes `text` to standard output, unbuffered, retrying on partial writes and EINTR.
func writeStandardOutput(_ text: String) { writeAll(text, to: STDOUT_FILENO) }

/// Writes `text` to standard error, unbuffered, retrying on partial writes and EINTR.
func writeStandardError(_ text: String) { writeAll(text, to: STDERR_FILENO) }

private func writeAll(_ text: String, to descriptor: Int32) {
  var bytes = Array(text.utf8)
  bytes.withUnsafeMutableBytes { buffer in
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
