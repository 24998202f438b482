import Glibc

/// Owns one open file descriptor and closes it when released.
///
/// Not `Sendable`: a descriptor is used by the function that opened it and dropped there.
package final class FileDescriptor {
  /// The descriptor number, valid until ``close()`` or deinit.
  package let raw: Int32
  private var isOpen = true

  /// Takes ownership of `raw`, which must be an open descriptor.
  package init(_ raw: Int32) {
    self.raw = raw
  }

  /// Closes now and reports the error `close` returned, as an `errno` value (0 on success).
  ///
  /// Writers must check it: on some file systems a failed write is only reported here.
  package func close() -> Int32 {
    guard isOpen else { return 0 }
    isOpen = false
    return Glibc.close(raw) == 0 ? 0 : errno
  }

  /// The file's status, or the `errno` value when `fstat` fails.
  package func status() -> Result<stat, SystemCallFailure> {
    var info = stat()
    return fstat(raw, &info) == 0 ? .success(info) : .failure(SystemCallFailure(code: errno))
  }

  /// Flushes the file (or directory) to stable storage; returns 0 or the `errno` value.
  package func synchronize() -> Int32 {
    fsync(raw) == 0 ? 0 : errno
  }

  deinit {
    if isOpen { _ = Glibc.close(raw) }
  }
}

/// A failed system call's `errno` value, for `Result`s that are turned into user-facing errors.
package struct SystemCallFailure: Error {
  /// The `errno` value.
  package let code: Int32
}

/// Calls `body` again while it fails with `EINTR` (a signal interrupted it), and returns its result.
package func retryingOnInterrupt(_ body: () -> Int32) -> Int32 {
  while true {
    let result = body()
    if result != -1 || errno != EINTR { return result }
  }
}
