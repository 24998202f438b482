import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// The signals that concern the terminal while a line is being edited, handled on the thread
/// that reads the line instead of with libedit's EL_SIGNAL.
///
/// Why not EL_SIGNAL: in a Swift process the concurrency runtime's threads block signals, so they
/// are all delivered to the main thread, which only waits. libedit's handler then runs there,
/// concurrently with `el_gets` on the reading thread, and crashes on a NULL editor when a resize
/// arrives just as a line ends (reproduced by `ResizeStressTests`). Here `ProcessSignals` only
/// records them, and the reader does the terminal work.
package enum TerminalSignals {
  /// Resize, suspend, continue, and the signals that end the program.
  package static let forwarded: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGQUIT]

  /// Installs the forwarding handlers; called just before a line is read.
  package static func install() {
    ProcessSignals.listen(to: forwarded)
  }

  /// Restores the default actions; called once the line is read, so Ctrl-Z during a command
  /// stops the program as usual (the terminal is in its normal mode then).
  package static func uninstall() {
    ProcessSignals.restoreDefaults(of: forwarded)
  }

  /// Does what `signal` asks of the editor, on the reading thread (from the EL_GETCFN reader).
  package static func handle(_ signal: Int32, editLine: OpaquePointer) {
    switch signal {
    case SIGWINCH:
      el_resize(editLine)
      _ = cel_refresh(editLine)
    case SIGCONT:
      // Whoever stopped us may have changed the terminal: read its mode again, then redraw.
      _ = cel_prep_term(editLine, 0)
      _ = cel_prep_term(editLine, 1)
      redrawFromLineStart(editLine)
    case SIGTSTP:
      _ = cel_prep_term(editLine, 0)
      resend(SIGTSTP)
      // Continued (or the stop was refused, as for an orphaned process group).
      ProcessSignals.listen(to: [SIGTSTP])
      _ = cel_prep_term(editLine, 1)
      redrawFromLineStart(editLine)
    case SIGTERM, SIGHUP, SIGQUIT:
      _ = cel_prep_term(editLine, 0)
      resend(signal)
      // Still alive only if the signal was ignored before we started: carry on editing.
      ProcessSignals.listen(to: [signal])
      _ = cel_prep_term(editLine, 1)
    default:
      break
    }
  }

  /// Draws the prompt and the line again from the start of the cursor's row.
  ///
  /// EL_REFRESH draws where the cursor is, as if it were at the start of the prompt: after a
  /// stop the cursor is wherever the shell (`fg` prints the command) or the line left it, and
  /// a redraw there put a second prompt on the line's own row (`shell> helshell> hel`), once for each redraw (after Ctrl-Z and `fg` there are two: the stop's
  /// return and SIGCONT). A carriage return and clearing to the end of the screen first make
  /// every redraw replace the row instead.
  private static func redrawFromLineStart(_ editLine: OpaquePointer) {
    LineEditor.owner(of: editLine)?.writeDisplay("\r\u{1B}[J")
    _ = cel_refresh(editLine)
  }

  /// Sends `signal` again with its default action, unblocked in this thread so this thread
  /// takes it on the way back from `kill` (stopping or ending before anything else runs here).
  private static func resend(_ signal: Int32) {
    _ = cel_sigaction(signal, SIG_DFL, 0)
    _ = cel_thread_sigmask(SIG_UNBLOCK, signal)
    _ = kill(getpid(), signal)
    _ = cel_thread_sigmask(SIG_BLOCK, signal)
  }
}
