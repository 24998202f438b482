import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// Outside the shell, Ctrl-C ends the program as usual, but first erases the line the spinner
/// (and the terminal's `^C`) drew on, so no frame is left behind.
package enum OneShotInterrupt {
  /// Receives SIGINT (`ProcessSignals`): commands that handle signals themselves (`watch`,
  /// `serve`) take it over while they run.
  package static func install() {
    try? ProcessSignals.receive([SIGINT]) { signal in
      guard signal == SIGINT else { return }
      eraseLineAndStop()
    }
  }

  /// Erases the current line of standard error, then lets SIGINT end the process.
  ///
  /// The spinner's gate is closed first, so no frame drawn on another thread lands after the
  /// erase. The signal is sent again with its default action; the threads of the concurrency
  /// runtime block signals, so another thread (the main one) takes it and the process ends by
  /// SIGINT, as a shell expects of an interrupted command.
  private static func eraseLineAndStop() {
    SpinnerFrameGate.shared.close()
    writeStandardError("\r\u{1B}[K")
    ProcessSignals.restoreDefaults(of: [SIGINT])
    _ = kill(getpid(), SIGINT)
  }
}
