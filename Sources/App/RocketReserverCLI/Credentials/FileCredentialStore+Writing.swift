import FoundationEssentials
import Glibc
import POSIXFiles

extension FileCredentialStore {
  /// Runs `body` with the private directory open and an exclusive lock held on the lock file.
  ///
  /// The lock is an `flock` on a separate file (never replaced, unlike the credentials file), so
  /// it serialises writers in other processes and other threads alike; the kernel releases it
  /// when a holder dies. Stale temporary files are cleaned up once the lock is held.
  func withExclusiveLock<T>(_ body: (FileDescriptor) throws -> T) throws -> T {
    let directoryHandle = try PrivateDirectory.ensureAndOpen(directory)
    let lockPath = directory + "/" + lockName
    let raw = retryingOnInterrupt {
      openat(directoryHandle.raw, lockName, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    }
    guard raw >= 0 else {
      throw StoreError.systemCall(operation: "open the lock of", path: lockPath, code: errno)
    }
    let lock = FileDescriptor(raw)
    guard retryingOnInterrupt({ flock(lock.raw, LOCK_EX) }) == 0 else {
      throw StoreError.systemCall(operation: "lock", path: lockPath, code: errno)
    }
    // Closing the descriptor (when `lock` is released) drops the lock.
    defer { _ = flock(lock.raw, LOCK_UN) }
    removeStaleTemporaryFiles(in: directoryHandle)
    return try body(directoryHandle)
  }

  /// Deletes temporary files left by writers that died before renaming.
  ///
  /// Only called with the lock held: no live writer has a temporary file then.
  private func removeStaleTemporaryFiles(in directoryHandle: FileDescriptor) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(temporaryPrefix) {
      _ = unlinkat(directoryHandle.raw, name, 0)
    }
  }

  /// Atomically replaces the credentials file with `file`, or deletes it when `file` is empty.
  ///
  /// The recipe: `open(O_CREAT|O_EXCL, 0600)` a temporary file in the same directory, `fchmod`
  /// 0600 (an unusual umask cannot change it), write everything, `fsync`, `close`, `rename` over
  /// the file, `fsync` the directory so the rename itself is durable.
  func replaceFile(with file: CredentialFile, in directoryHandle: FileDescriptor) throws {
    guard !file.credentials.isEmpty else {
      guard unlinkat(directoryHandle.raw, fileName, 0) == 0 || errno == ENOENT else {
        throw StoreError.systemCall(operation: "delete", path: path, code: errno)
      }
      try synchronizeDirectory(directoryHandle)
      return
    }
    let data = try encode(file)
    let temporaryName = temporaryPrefix + "\(getpid())-" + String(UInt64.random(in: .min ... .max), radix: 16)
    let raw = retryingOnInterrupt {
      openat(
        directoryHandle.raw, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    }
    guard raw >= 0 else {
      throw StoreError.systemCall(operation: "create a temporary file beside", path: path, code: errno)
    }
    var renamed = false
    defer { if !renamed { _ = unlinkat(directoryHandle.raw, temporaryName, 0) } }
    let temporary = FileDescriptor(raw)
    guard fchmod(temporary.raw, 0o600) == 0 else {
      throw StoreError.systemCall(operation: "set permissions for", path: path, code: errno)
    }
    try writeAll(data, to: temporary)
    var code = temporary.synchronize()
    guard code == 0 else { throw StoreError.systemCall(operation: "flush", path: path, code: code) }
    code = temporary.close()
    guard code == 0 else { throw StoreError.systemCall(operation: "write", path: path, code: code) }
    guard renameat(directoryHandle.raw, temporaryName, directoryHandle.raw, fileName) == 0 else {
      throw StoreError.systemCall(operation: "replace", path: path, code: errno)
    }
    renamed = true
    try synchronizeDirectory(directoryHandle)
  }

  /// The file's bytes; encoding plain strings cannot fail, but a failure is still reported.
  private func encode(_ file: CredentialFile) throws -> Data {
    do {
      return try file.encoded()
    } catch {
      throw StoreError.systemCall(operation: "encode", path: path, code: EINVAL)
    }
  }

  /// Writes all of `data`, continuing after short writes and interruptions.
  private func writeAll(_ data: Data, to file: FileDescriptor) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(file.raw, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw StoreError.systemCall(operation: "write", path: path, code: errno)
        }
        offset += written
      }
    }
  }

  /// Makes the directory entry changes (rename, unlink) durable.
  private func synchronizeDirectory(_ directoryHandle: FileDescriptor) throws {
    let code = directoryHandle.synchronize()
    guard code == 0 else {
      throw StoreError.systemCall(operation: "flush the directory of", path: path, code: code)
    }
  }
}
