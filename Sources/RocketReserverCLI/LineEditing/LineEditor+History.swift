import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// The history file: created 0600 in a 0700 directory, loaded once, replaced atomically.
extension LineEditor {
  /// Loads the history file if it exists. A file that exists but cannot be read warns once and
  /// turns saving off for this run, so the entries in it are never overwritten.
  func loadHistory() {
    guard let path = historyPath else { return }
    do {
      try Self.createPrivateDirectory(parentOf: path)
    } catch {
      historyWritable = false
      warn("history will not be saved: \(error)")
      return
    }
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno != ENOENT {
        historyWritable = false
        warn("cannot read history file \(path): \(Self.describe(errno)); history will not be saved")
      }
      return
    }
    let isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
    if isRegularFile && info.st_mode & 0o077 != 0 {
      // A file left readable by others (an older version, a copy) holds what was typed: narrow it.
      if chmod(path, 0o600) != 0 { warn("cannot make history file \(path) private: \(Self.describe(errno))") }
    }
    guard isRegularFile, access(path, R_OK | W_OK) == 0, cel_hist_load(history, path) >= 0 else {
      historyWritable = false
      let reason = isRegularFile ? "it is unreadable or not a history file" : "it is not a file"
      warn("cannot read history file \(path): \(reason); history will not be saved")
      return
    }
  }

  /// Writes the whole history to a private temporary file next to the real one, then renames it
  /// over the real one: a failed write (disk full, permissions) leaves the old file untouched.
  func saveHistory() {
    guard historyWritable, let path = historyPath else { return }
    let temporary = "\(path).tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    var failure: String?
    if fd < 0 {
      failure = Self.describe(errno)
    } else {
      close(fd)
      if cel_hist_save(history, temporary) < 0 {
        failure = "writing failed"
      } else if rename(temporary, path) != 0 {
        failure = Self.describe(errno)
      }
    }
    guard let failure else { return }
    unlink(temporary)
    if !hasWarnedAboutSaving {
      hasWarnedAboutSaving = true
      warn("cannot save history file \(path): \(failure)")
    }
  }

  /// Creates the directory holding `path` (and missing ancestors) with mode 0700.
  /// - Throws: `LineEditorError.systemCall` naming the directory that could not be made.
  static func createPrivateDirectory(parentOf path: String) throws {
    var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    guard !components.isEmpty else { return }
    var missing: [String] = []
    while !components.isEmpty {
      let directory = components.joined(separator: "/")
      if directory.isEmpty || access(directory, F_OK) == 0 { break }
      missing.append(directory)
      components.removeLast()
    }
    for directory in missing.reversed() where mkdir(directory, 0o700) != 0 && errno != EEXIST {
      throw LineEditorError.systemCall("mkdir \(directory)", errno)
    }
  }

  private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
