import CommandLineKit
import Glibc
import POSIXFiles

/// The user's editor on a document, as psql's `\e` and git run it: `$VISUAL`, else `$EDITOR`,
/// else `vi`, through `/bin/sh -c` so that the value is split as a shell splits it
/// (`EDITOR="code --wait"`). The editor opens a temporary copy, 0600 in a 0700 directory of its
/// own, and gets the terminal as it was before the shell took it (`TerminalEcho`).
enum ExternalEditor {
  /// What became of the document when the editor exited 0.
  enum Outcome: Equatable, Sendable {
    case changed(String)
    case unchanged
  }

  /// Why nothing came of the editor, for the user.
  struct Failure: Error, Equatable {
    let message: String
  }

  /// The editor command: `$VISUAL`, else `$EDITOR` (the first set and not blank), else `vi`.
  static func command(environment: [String: String]) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.allSatisfy(\.isWhitespace) { return value }
    }
    return "vi"
  }

  /// Opens `text` in the editor `command` in a private directory under `temporaryRoot`, and waits.
  /// - Throws: `Failure` when the file cannot be made or read back, or the editor does not exit 0.
  static func edit(_ text: String, command: String, temporaryRoot: String) throws(Failure) -> Outcome {
    // mkdtemp makes the directory 0700, with a name nobody could have prepared.
    var template = Array((temporaryRoot + "/rocket-reserver-edit-XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else {
      throw Failure(
        message: "cannot make a temporary directory in \(temporaryRoot): \(systemErrorMessage(errno))")
    }
    let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let path = directory + "/query.graphql"
    defer {
      unlink(path)
      rmdir(directory)
    }
    // Ended by a newline, as editors write files, so that saving without a change is no change.
    try write(text.isEmpty || text.hasSuffix("\n") ? text : text + "\n", to: path)
    let status = TerminalEcho.handedOver { run(command, on: path) }
    guard let status else { throw Failure(message: "cannot start /bin/sh to run the editor") }
    let exitCode = (status >> 8) & 0xff
    if status & 0x7f != 0 {
      throw Failure(message: "the editor '\(command)' was ended by signal \(status & 0x7f): nothing run")
    }
    if exitCode == 127 {
      throw Failure(message: "cannot run the editor '\(command)' (set VISUAL or EDITOR): nothing run")
    }
    guard exitCode == 0 else {
      throw Failure(message: "the editor '\(command)' exited with status \(exitCode): nothing run")
    }
    let edited: String
    do throws(UsageError) {
      edited = try AdHocRequest.readFile(path)
    } catch {
      throw Failure(message: "the edited file: \(error.message)")
    }
    return trimmed(edited) == trimmed(text) ? .unchanged : .changed(edited)
  }

  /// `text` without the blanks and newlines it ends with.
  private static func trimmed(_ text: String) -> Substring {
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
    return text[..<end]
  }

  /// Writes `text` to a new file at `path`, 0600.
  private static func write(_ text: String, to path: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Failure(message: "cannot make the temporary file \(path): \(systemErrorMessage(errno))")
    }
    defer { close(descriptor) }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        throw Failure(message: "cannot write the temporary file \(path): \(systemErrorMessage(errno))")
      }
      offset += written
    }
  }

  /// Runs `/bin/sh -c 'COMMAND "$@"' COMMAND PATH`, as git does; the wait status, or nil.
  private static func run(_ command: String, on path: String) -> Int32? {
    let arguments = ["/bin/sh", "-c", command + " \"$@\"", command, path]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The editor starts with no signal blocked and the usual actions, whatever this thread and
    // the program set for themselves (Ctrl-C must reach it as in any shell).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGTSTP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var child: pid_t = 0
    guard posix_spawn(&child, "/bin/sh", nil, &attributes, &argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    return status
  }
}
