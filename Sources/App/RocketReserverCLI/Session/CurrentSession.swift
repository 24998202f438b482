import Synchronization

/// The session a shell is on, which `connect` may replace, and the shell's memory of it
/// (`ShellState`). Every copy of a context reads it through this one instance, so a switch holds
/// at once for the rest of the line, the prompt and Tab.
final class CurrentSession: Sendable {
  private let current: Mutex<(session: Session?, shell: ShellState)>
  /// Makes the session `connect` switches to; nil where there is nothing to switch.
  let connector: SessionConnector?

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
