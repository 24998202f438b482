import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// The history file: created 0600 in a 0700 directory, loaded once, replaced atomically.
extension LineEditor {
  /// Loads the history file if it exists; one that cannot be read warns and turns saving off,
  /// so its entries are never overwritten.
  package func loadHistory() {
    guard let path = historyPath else { return }
    do {
      try Self.createPrivateDirectory(parentOf: path)
    } catch {
      historyWritable = false
      warn("history will not be saved: \(error)")
      return
    }
    var info = stat()
    guard lstat(path, &info) == 0 else {
      if errno != ENOENT {
        historyWritable = false
        warn("cannot read history file \(path): \(Self.describe(errno)); history will not be saved")
      }
      return
    }
    if (info.st_mode & S_IFMT) == S_IFLNK {
      // Following it would read, narrow and replace a file elsewhere (as credentials refuse to).
      historyWritable = false
      warn("history file \(path) is a symbolic link: history will not be read or saved (make it a file)")
      return
    }
    let isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
    if isRegularFile && info.st_mode & 0o077 != 0 {
      // A file left readable by others (an older version, a copy) holds what was typed: narrow it.
      if chmod(path, 0o600) != 0 { warn("cannot make history file \(path) private: \(Self.describe(errno))") }
    }
    guard isRegularFile, access(path, R_OK | W_OK) == 0 else {
      historyWritable = false
      let reason = isRegularFile ? "it is unreadable" : "it is not a file"
      warn("cannot read history file \(path): \(reason); history will not be saved")
      return
    }
    if info.st_size > 0 && !Self.hasLibeditHeader(path) {
      importPlainLines(from: path)
      return
    }
    guard cel_hist_load(history, path) >= 0 else {
      historyWritable = false
      warn("cannot read history file \(path): it is not a history file; history will not be saved")
      return
    }
  }

  /// The entries of the history file at `path`, oldest first, read without a line editor.
  package static func entries(ofFile path: String) -> [String] {
    guard cedit_open_error() == nil, access(path, R_OK) == 0, let history = history_init() else { return [] }
    defer { history_end(history) }
    _ = cel_hist_setsize(history, 1000)
    guard cel_hist_load(history, path) >= 0 else { return [] }
    return entries(of: history)
  }

  /// The entries of libedit's `history`, oldest first.
  static func entries(of history: OpaquePointer) -> [String] {
    let count = Int(cel_hist_count(history))
    return (0..<max(count, 0)).reversed().compactMap { offset in
      cel_hist_entry(history, Int32(offset)).map { String(cString: $0) }
    }
  }

  /// Whether the file at `path` starts with libedit's `_HiStOrY_V2_` line.
  private static func hasLibeditHeader(_ path: String) -> Bool {
    guard let file = fopen(path, "r") else { return false }
    defer { fclose(file) }
    let header = Array("_HiStOrY_V2_".utf8)
    var buffer = [UInt8](repeating: 0, count: header.count)
    return fread(&buffer, 1, buffer.count, file) == buffer.count && buffer == header
  }

  /// Loads a history file in readline's format (no `_HiStOrY_V2_` header: one entry a line),
  /// which libedit reads as empty; the next save rewrites it in libedit's.
  private func importPlainLines(from path: String) {
    guard let file = fopen(path, "r") else { return }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, file) >= 0, let line {
      var text = String(cString: line)
      while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
      if !text.isEmpty { _ = cel_hist_enter(history, text) }
    }
  }

  /// Writes the history to a private temporary file, then renames it over the real one, so a
  /// failed write leaves the old file untouched.
  package func saveHistory() {
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
      } else if let problem = Self.verify(temporary, holds: cel_hist_count(history)) {
        // libedit does not check its writes: a full disk leaves a short file behind.
        failure = problem
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

  /// Why the history file written at `path` cannot replace the old one, or nil when it reached
  /// the disk and reads back with `count` entries.
  private static func verify(_ path: String, holds count: Int32) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return describe(errno) }
    let synced = fsync(fd)
    let code = errno
    close(fd)
    guard synced == 0 else { return describe(code) }
    guard let scratch = history_init() else { return "cannot check the file written" }
    defer { history_end(scratch) }
    _ = cel_hist_setsize(scratch, max(count, 1) + 1)
    guard cel_hist_load(scratch, path) >= 0, cel_hist_count(scratch) == count else {
      return "the file was written incompletely (is the disk full?)"
    }
    return nil
  }

  /// Creates the directory holding `path` (and missing ancestors) with mode 0700.
  /// - Throws: `LineEditorError.systemCall` naming the directory that could not be made.
  package static func createPrivateDirectory(parentOf path: String) throws {
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
