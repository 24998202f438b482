import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// Outside the shell, Ctrl-C ends the program as usual, but first erases the line the spinner
/// (and the terminal's `^C`) drew on, so no frame is left behind.
enum OneShotInterrupt {
  /// Installs the erasing SIGINT handler; commands that handle signals themselves (`watch`,
  /// `serve`) replace it while they run.
  static func install() {
    // The handler must find the gate made: making it there could allocate.
    _ = SpinnerFrameGate.shared.isClosed
    _ = cel_sigaction(SIGINT, eraseLineAndStop, Int32(bitPattern: UInt32(SA_RESETHAND)))
  }
}

/// Erases the current line of standard error, then lets SIGINT end the process (the handler
/// is reset to the default by SA_RESETHAND, and the signal sent again is delivered on return).
///
/// The spinner's gate is closed first, so no frame drawn on another thread lands after the
/// erase; the erase is a static string, since a signal handler must not allocate.
private func eraseLineAndStop(_ signal: Int32) {
  SpinnerFrameGate.shared.close()
  let erase: StaticString = "\r\u{1B}[K"
  _ = write(STDERR_FILENO, erase.utf8Start, erase.utf8CodeUnitCount)
  _ = raise(signal)
}
