#if canImport(Glibc)
  import Glibc
#endif

/// The terminal while a shell command runs: keys typed then are not echoed (they would land on
/// the spinner's line, and Ctrl-C's `^C` before the next prompt); they stay queued for the next
/// prompt. Ctrl-C still signals (ISIG is left on).
enum TerminalEcho {
  /// Runs `work` with echo off on standard input when it is a terminal, then restores the mode.
  static func suppressed<T>(_ work: () async -> T) async -> T {
    var saved = termios()
    guard Terminal.isTerminal(STDIN_FILENO), tcgetattr(STDIN_FILENO, &saved) == 0 else { return await work() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO | ECHOCTL)
    // TCSANOW without flushing: what is typed now is read at the next prompt.
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
    let result = await work()
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    return result
  }
}
