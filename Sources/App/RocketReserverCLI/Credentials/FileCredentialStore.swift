import FoundationEssentials
import Glibc
import POSIXFiles
import RocketClient

/// Keeps credentials in a JSON file, by default `$XDG_CONFIG_HOME/rocket-reserver/credentials.json`.
///
/// The file holds a token in plain text, so it is handled like an ssh private key:
/// - The directory is made (or narrowed to) mode 0700 and the file is always 0600, whatever the umask.
/// - Reading opens with `O_NOFOLLOW` and checks the open file with `fstat`: a symbolic link, a file
///   owned by someone else or one that group/others can access is refused.
/// - Writing goes whole to a new `O_EXCL` temporary file in the same directory, flushed and renamed
///   over the old one: a reader or a crash sees the old file or the new one, never a torn one.
/// - Saves and removals hold an exclusive `flock` on `credentials.json.lock` from reading to
///   renaming, so two processes never lose each other's updates.
/// - A corrupt file is never overwritten or moved: it may hold the only copy of other logins.
/// - Removing the last credential deletes the file.
package struct FileCredentialStore: CredentialStore {
  /// The credentials file's absolute path.
  package let path: String
  /// The directory holding the file, its lock and its temporary files.
  let directory: String
  /// The file's name within ``directory``.
  let fileName: String

  /// The file path, shown to the user when a token is saved.
  package var location: String { path }

  /// A store at `path` (absolute); its directory is created (mode 0700) on first save.
  package init(path: String) {
    self.path = path
    var parts = path.split(separator: "/", omittingEmptySubsequences: false)
    fileName = String(parts.removeLast())
    let parent = parts.joined(separator: "/")
    directory = parent.isEmpty ? "/" : parent
  }

  /// The name prefix of temporary files; anything with it found under the lock is stale.
  var temporaryPrefix: String { fileName + ".tmp-" }
  var lockName: String { fileName + ".lock" }

  /// The credential saved for `endpoint`, or nil. Takes no lock: the file is only replaced whole.
  package func credential(for endpoint: String) throws -> Credential? {
    guard let entry = try readFile()?.credentials[endpoint] else { return nil }
    return Credential(endpoint: endpoint, email: entry.email, token: entry.token)
  }

  /// Every credential in the file, sorted by endpoint; none when there is no file yet.
  package func allCredentials() throws -> [Credential] {
    let entries = try readFile()?.credentials ?? [:]
    return entries.keys.sorted().compactMap { endpoint in
      entries[endpoint].map { Credential(endpoint: endpoint, email: $0.email, token: $0.token) }
    }
  }

  /// Saves `credential`, replacing the one for the same endpoint and keeping all others.
  package func save(_ credential: Credential) throws {
    try withExclusiveLock { directory in
      var file = try readFile() ?? CredentialFile()
      file.version = CredentialFile.currentVersion
      file.credentials[credential.endpoint] = .init(email: credential.email, token: credential.token)
      try replaceFile(with: file, in: directory)
    }
  }

  /// Deletes the credential for `endpoint`, and the file with the last one; true when there was one.
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
  /// The checks run on the descriptor (`fstat`), so the file cannot be swapped between checking
  /// and reading. `O_NONBLOCK` keeps a FIFO planted at the path from hanging the open.
  func readFile() throws -> CredentialFile? {
    let raw = retryingOnInterrupt { open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
    if raw < 0 && errno == ENOENT { return nil }
    if raw < 0 && errno == ELOOP { throw StoreError.symbolicLink(path: path) }
    let file = FileDescriptor(try check(raw, "open"))
    let info = try file.status().mapError {
      StoreError.systemCall(operation: "inspect", path: path, code: $0.code)
    }
    .get()
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
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(file.raw, $0.baseAddress, $0.count) }
      if count == 0 { return try CredentialFile.decode(data, path: path) }
      if count < 0 && errno == EINTR { continue }
      data.append(contentsOf: chunk[0..<(try check(count, "read"))])
      if data.count > Self.maximumFileSize { throw StoreError.tooLarge(path: path, size: data.count) }
    }
  }

  /// `result` when it is not negative, else the failure of `operation` with `errno`.
  private func check<Result: BinaryInteger>(_ result: Result, _ operation: String, path: String? = nil)
    throws(StoreError) -> Result
  {
    guard result >= 0 else { throw .systemCall(operation: operation, path: path ?? self.path, code: errno) }
    return result
  }

  // MARK: - Writing

  /// Runs `body` with the private directory open and an exclusive lock held on the lock file.
  ///
  /// The lock is an `flock` on a separate file (never replaced, unlike the credentials file), so
  /// it serialises writers in other processes and threads alike; the kernel releases it when a
  /// holder dies. Temporary files left by a writer that died before renaming are deleted once it
  /// is held (no live writer has one then).
  func withExclusiveLock<T>(_ body: (FileDescriptor) throws -> T) throws -> T {
    let directoryHandle = try PrivateDirectory.ensureAndOpen(directory)
    let lockPath = directory + "/" + lockName
    let raw = retryingOnInterrupt {
      openat(directoryHandle.raw, lockName, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    }
    let lock = FileDescriptor(try check(raw, "open the lock of", path: lockPath))
    _ = try check(retryingOnInterrupt { flock(lock.raw, LOCK_EX) }, "lock", path: lockPath)
    // Closing the descriptor (when `lock` is released) drops the lock.
    defer { _ = flock(lock.raw, LOCK_UN) }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where name.hasPrefix(temporaryPrefix) {
      _ = unlinkat(directoryHandle.raw, name, 0)
    }
    return try body(directoryHandle)
  }

  /// Atomically replaces the credentials file with `file`, or deletes it when `file` is empty.
  ///
  /// `open(O_CREAT|O_EXCL, 0600)` a temporary file in the same directory, `fchmod` 0600 (against
  /// an unusual umask), write, `fsync`, `close`, `rename` over the file, `fsync` the directory so
  /// the rename itself is durable.
  func replaceFile(with file: CredentialFile, in directoryHandle: FileDescriptor) throws {
    guard !file.credentials.isEmpty else {
      guard unlinkat(directoryHandle.raw, fileName, 0) == 0 || errno == ENOENT else {
        throw StoreError.systemCall(operation: "delete", path: path, code: errno)
      }
      return try synchronizeDirectory(directoryHandle)
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
    let temporary = FileDescriptor(try check(raw, "create a temporary file beside"))
    var renamed = false
    defer { if !renamed { _ = unlinkat(directoryHandle.raw, temporaryName, 0) } }
    _ = try check(fchmod(temporary.raw, 0o600), "set permissions for")
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(temporary.raw, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        offset += try check(written, "write")
      }
    }
    var code = temporary.synchronize()
    guard code == 0 else { throw StoreError.systemCall(operation: "flush", path: path, code: code) }
    code = temporary.close()
    guard code == 0 else { throw StoreError.systemCall(operation: "write", path: path, code: code) }
    _ = try check(renameat(directoryHandle.raw, temporaryName, directoryHandle.raw, fileName), "replace")
    renamed = true
    try synchronizeDirectory(directoryHandle)
  }

  /// Makes the directory entry changes (rename, unlink) durable.
  private func synchronizeDirectory(_ directoryHandle: FileDescriptor) throws {
    let code = directoryHandle.synchronize()
    guard code == 0 else {
      throw StoreError.systemCall(operation: "flush the directory of", path: path, code: code)
    }
  }
}
