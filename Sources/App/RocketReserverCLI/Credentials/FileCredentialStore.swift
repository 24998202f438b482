import FoundationEssentials
import Glibc
import POSIXFiles
import RocketClient

/// Keeps credentials in a JSON file, by default `$XDG_CONFIG_HOME/rocket-reserver/credentials.json`.
///
/// The file holds a token in plain text, so it is handled like an ssh private key:
/// - The directory is made (or narrowed to) mode 0700 and the file is always 0600, whatever the umask.
/// - Reading opens with `O_NOFOLLOW` and checks the open file with `fstat`: a symbolic link, a file
///   owned by someone else or one that group/others can access is refused, with the
///   `chmod 600 PATH` fix in the message.
/// - Writing never edits in place: the whole file goes to a new `O_EXCL` temporary file in the same
///   directory, which is flushed, closed, renamed over the old one, and the directory flushed. A
///   reader or a crash sees the old file or the new one, never a torn one.
/// - Saves and removals hold an exclusive `flock` on `credentials.json.lock` from reading to renaming,
///   so two processes never lose each other's updates. Temporary files left by a killed writer are
///   deleted by the next save or removal.
/// - A corrupt file is never overwritten or moved: every operation refuses with a message saying to
///   repair or remove it. It may hold the only copy of other logins, and moving it aside silently
///   would leave a secret where the user does not expect one.
/// - Removing the last credential deletes the file.
///
/// A plain value: safe to share between threads, which coordinate through the lock like processes.
package struct FileCredentialStore: CredentialStore {
  /// The credentials file's absolute path.
  package let path: String
  /// The directory holding the file, its lock and its temporary files.
  let directory: String
  /// The file's name within ``directory``.
  let fileName: String

  /// The file path, shown to the user when a token is saved.
  package var location: String { path }

  /// A store at `path` (the program's is `ApplicationDirectories.credentialsFile`).
  ///
  /// - Parameter path: an absolute path; its directory is created (mode 0700) on first save.
  package init(path: String) {
    self.path = path
    var parts = path.split(separator: "/", omittingEmptySubsequences: false)
    fileName = String(parts.removeLast())
    let parent = parts.joined(separator: "/")
    directory = parent.isEmpty ? "/" : parent
  }

  /// The name prefix of temporary files; anything with it found under the lock is stale.
  var temporaryPrefix: String { fileName + ".tmp-" }
  /// The name of the lock file beside the credentials file.
  var lockName: String { fileName + ".lock" }

  /// The credential saved for `endpoint`, or nil when there is none or no file yet.
  ///
  /// Takes no lock: files are only ever replaced whole by `rename`, so a read sees a complete file.
  ///
  /// - Throws: ``StoreError`` when the file is unsafe (link, owner, mode), corrupt or unreadable.
  package func credential(for endpoint: String) throws -> Credential? {
    guard let entry = try readFile()?.credentials[endpoint] else { return nil }
    return Credential(endpoint: endpoint, email: entry.email, token: entry.token)
  }

  /// Every credential in the file, sorted by endpoint; none when there is no file yet.
  ///
  /// - Throws: ``StoreError`` when the file is unsafe (link, owner, mode), corrupt or unreadable.
  package func allCredentials() throws -> [Credential] {
    let entries = try readFile()?.credentials ?? [:]
    return entries.keys.sorted().compactMap { endpoint in
      entries[endpoint].map { Credential(endpoint: endpoint, email: $0.email, token: $0.token) }
    }
  }

  /// Saves `credential`, replacing the one for the same endpoint and keeping all others.
  ///
  /// - Throws: ``StoreError`` when the existing file is unsafe or corrupt, or writing fails;
  ///   `PrivateDirectory.DirectoryError` when the directory cannot be made private.
  ///   The old file is unchanged then.
  package func save(_ credential: Credential) throws {
    try withExclusiveLock { directory in
      var file = try readFile() ?? CredentialFile()
      file.version = CredentialFile.currentVersion
      file.credentials[credential.endpoint] = .init(email: credential.email, token: credential.token)
      try replaceFile(with: file, in: directory)
    }
  }

  /// Deletes the credential for `endpoint`; deletes the file when it was the last one.
  ///
  /// - Returns: true when there was a credential to delete.
  /// - Throws: ``StoreError`` or `PrivateDirectory.DirectoryError` as ``save(_:)`` does.
  @discardableResult
  package func remove(endpoint: String) throws -> Bool {
    guard try readFile() != nil else { return false }
    return try withExclusiveLock { directory in
      guard var file = try readFile(), file.credentials.removeValue(forKey: endpoint) != nil else {
        return false
      }
      try replaceFile(with: file, in: directory)
      return true
    }
  }

  // MARK: - Reading

  /// The largest file accepted; real files are a few hundred bytes per endpoint.
  static let maximumFileSize = 1 << 20

  /// Opens, checks and decodes the file; nil when it does not exist.
  ///
  /// `O_NOFOLLOW` refuses a symbolic link at the path, and the checks run on the descriptor
  /// (`fstat`), so the file cannot be swapped between checking and reading. `O_NONBLOCK` keeps a
  /// FIFO planted at the path from hanging the open; it does not affect regular files.
  func readFile() throws -> CredentialFile? {
    let raw = retryingOnInterrupt { open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
    guard raw >= 0 else {
      let code = errno
      switch code {
      case ENOENT: return nil
      case ELOOP: throw StoreError.symbolicLink(path: path)
      default: throw StoreError.systemCall(operation: "open", path: path, code: code)
      }
    }
    let file = FileDescriptor(raw)
    let info: stat
    switch file.status() {
    case .success(let value): info = value
    case .failure(let failure):
      throw StoreError.systemCall(operation: "inspect", path: path, code: failure.code)
    }
    try checkSafety(of: info)
    let data = try readAll(file)
    return try CredentialFile.decode(data, path: path)
  }

  /// Refuses anything but a regular file of the current user that only the user can access.
  private func checkSafety(of info: stat) throws {
    guard info.st_mode & S_IFMT == S_IFREG else { throw StoreError.notARegularFile(path: path) }
    guard info.st_uid == geteuid() else {
      throw StoreError.ownedByAnotherUser(path: path, owner: info.st_uid)
    }
    guard info.st_mode & 0o077 == 0 else {
      throw StoreError.insecurePermissions(path: path, mode: info.st_mode)
    }
    guard info.st_size <= Self.maximumFileSize else {
      throw StoreError.tooLarge(path: path, size: Int(info.st_size))
    }
  }

  /// Reads to end of file, at most ``maximumFileSize`` bytes.
  private func readAll(_ file: FileDescriptor) throws -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(file.raw, buffer.baseAddress, buffer.count)
      }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw StoreError.systemCall(operation: "read", path: path, code: errno)
      }
      data.append(contentsOf: chunk[0..<count])
      if data.count > Self.maximumFileSize {
        throw StoreError.tooLarge(path: path, size: data.count)
      }
    }
  }

  // MARK: - Writing

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
    // Encoding plain strings cannot fail, but a failure is still reported.
    guard let data = try? file.encoded() else {
      throw StoreError.systemCall(operation: "encode", path: path, code: EINVAL)
    }
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
