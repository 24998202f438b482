#if canImport(Glibc)
  import Glibc
#endif

/// Shows output taller than the terminal through `$PAGER` (default `less -FRX`), as psql does;
/// only when standard output is a terminal, never into a pipe or a file.
package enum Pager {
  /// The pager command: `$PAGER`, or `less -FRX` when unset; nil when set but empty (no pager).
  package static func command(environment: [String: String]) -> String? {
    guard let value = environment["PAGER"] else { return "less -FRX" }
    return value.allSatisfy(\.isWhitespace) ? nil : value
  }

  /// Whether `text` should go through the pager on a terminal of `rows` lines: when it has
  /// more lines than fit above the prompt.
  package static func isTooTall(_ text: String, rows: Int) -> Bool {
    var lines = 0
    for character in text where character == "\n" {
      lines += 1
      if lines >= rows { return true }
    }
    return false
  }

  /// Runs `command` with `/bin/sh -c`, writes `text` to its standard input and waits for it.
  /// - Returns: false when the pager could not be started (the caller prints the text itself).
  package static func show(_ text: String, command: String) -> Bool {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return false }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    var child: pid_t = 0
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawn(&child, "/bin/sh", &actions, nil, &argv, environ)
    close(ends[0])
    guard spawned == 0 else {
      close(ends[1])
      return false
    }
    // A failed write is the pager quitting before reading everything (q in less): the reader's
    // choice, not an error.
    _ = writeAll(text, to: ends[1])
    close(ends[1])
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return true
  }
}
