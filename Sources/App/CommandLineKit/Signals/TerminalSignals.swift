import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// The signals that concern the terminal while a line is edited, handled on the reading thread.
///
/// Not libedit's EL_SIGNAL: its handler runs on the main thread (the runtime's threads block
/// signals), concurrently with `el_gets`, and crashes on a NULL editor when a resize arrives as a
/// line ends (`ResizeStressTests`).
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
    case SIGTSTP, SIGTERM, SIGHUP, SIGQUIT:
      _ = cel_prep_term(editLine, 0)
      resend(signal)
      // Continued after a stop (or it was refused), or alive because the signal was ignored
      // before we started: carry on editing.
      ProcessSignals.listen(to: [signal])
      _ = cel_prep_term(editLine, 1)
      if signal == SIGTSTP { redrawFromLineStart(editLine) }
    default:
      break
    }
  }

  /// Draws the prompt and the line again from the start of the cursor's row: EL_REFRESH draws
  /// where the cursor is, and after a stop that put a second prompt on the row (`shell>
  /// helshell> hel`).
  private static func redrawFromLineStart(_ editLine: OpaquePointer) {
    LineEditor.owner(of: editLine)?.writeDisplay("\r\u{1B}[J")
    _ = cel_refresh(editLine)
  }

  /// Sends `signal` again with its default action, unblocked here so this thread takes it.
  private static func resend(_ signal: Int32) {
    _ = cel_sigaction(signal, SIG_DFL, 0)
    _ = cel_thread_sigmask(SIG_UNBLOCK, signal)
    _ = kill(getpid(), signal)
    _ = cel_thread_sigmask(SIG_BLOCK, signal)
  }
}
