import Synchronization

/// The session a shell is on, which `connect` may replace between commands, and the shell's own
/// memory (`ShellState`), which starts afresh with each session.
///
/// Every copy of a `CommandContext` and the prompt read the session through the same instance,
/// so a switch holds at once for the rest of the line (`connect URL; launches`), the prompt,
/// Tab and the commands after it.
///
/// Thread safety: `Mutex`-guarded; share it freely.
final class CurrentSession: Sendable {
  private let current: Mutex<(session: Session?, shell: ShellState)>
  /// Makes the session `connect` switches to; nil where there is nothing to switch (tests of
  /// single commands, `__complete`).
  let connector: SessionConnector?

  /// - Parameters:
  ///   - session: the session to start on.
  ///   - connector: how `connect` makes another (default none).
  init(_ session: Session?, connector: SessionConnector? = nil) {
    current = Mutex((session, ShellState(session: session)))
    self.connector = connector
  }

  /// The session commands use now.
  var session: Session? { current.withLock { $0.session } }

  /// What the shell remembers between commands on this session (where `more` continues).
  var shell: ShellState { current.withLock { $0.shell } }

  /// Makes `next` the session commands use.
  /// - Returns: the session it replaces, for the caller to close.
  func replace(with next: Session) -> Session? {
    current.withLock { current in
      let previous = current.session
      current = (next, ShellState(session: next))
      return previous
    }
  }
}
