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

  /// A store at `<config>/credentials.json`.
  ///
  /// - Parameter directories: the application directories (see ``ApplicationDirectories/config``).
  init(directories: ApplicationDirectories) {
    self.init(path: directories.credentialsFile)
  }

  /// A store at an explicit path.
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
}
