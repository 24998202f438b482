import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// Outside the shell, Ctrl-C ends the program as usual, but first erases the line the spinner
/// (and the terminal's `^C`) drew on, so no frame is left behind.
package enum OneShotInterrupt {
  /// Receives SIGINT, until a command that handles signals itself takes it over.
  package static func install() {
    try? ProcessSignals.receive([SIGINT]) { signal in
      guard signal == SIGINT else { return }
      eraseLineAndStop()
    }
  }

  /// Closes the spinner's gate, erases the line, then sends SIGINT again with its default action,
  /// so the process ends by SIGINT as a shell expects.
  private static func eraseLineAndStop() {
    SpinnerFrameGate.shared.close()
    writeStandardError("\r\u{1B}[K")
    ProcessSignals.restoreDefaults(of: [SIGINT])
    _ = kill(getpid(), SIGINT)
  }
}
