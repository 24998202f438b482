import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal while a shell command runs: keys typed then are not echoed (they would land on
/// the spinner's line, and Ctrl-C's `^C` before the next prompt); they stay queued for the next
/// prompt. Ctrl-C still signals (ISIG is left on).
package enum TerminalEcho {
  /// The mode `suppressed` found, while its work runs: what `handedOver` gives a program.
  private static let unsuppressed = Mutex<termios?>(nil)

  /// Runs `work` with echo off on standard input when it is a terminal, then restores the mode.
  package static func suppressed<T>(_ work: () async -> T) async -> T {
    var saved = termios()
    guard Terminal.isTerminal(STDIN_FILENO), tcgetattr(STDIN_FILENO, &saved) == 0 else { return await work() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO | ECHOCTL)
    // TCSANOW without flushing: what is typed now is read at the next prompt.
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
    unsuppressed.withLock { $0 = saved }
    let result = await work()
    unsuppressed.withLock { $0 = nil }
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    return result
  }

  /// Runs `work`, a program that takes the terminal (the editor), in the mode from before
  /// `suppressed`, then puts back the mode found on entry whatever the program left.
  package static func handedOver<T>(_ work: () -> T) -> T {
    var entry = termios()
    guard Terminal.isTerminal(STDIN_FILENO), tcgetattr(STDIN_FILENO, &entry) == 0 else { return work() }
    if var before = unsuppressed.withLock({ $0 }) { _ = tcsetattr(STDIN_FILENO, TCSANOW, &before) }
    let result = work()
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &entry)
    return result
  }
}
