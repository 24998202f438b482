import Synchronization

/// What a run keeps across its commands and `connect`: `timing`, the last document sent (what
/// `edit` opens), and the documents an editor made for the shell's history.
final class ShellMemory: Sendable {
  private struct State {
    var timing = false
    var lastDocument: String?
    var historyEntries: [String] = []
  }

  private let state = Mutex(State())

  init() {}

  /// Whether each command's time is printed after its output (`timing on`).
  var timing: Bool {
    get { state.withLock { $0.timing } }
    set { state.withLock { $0.timing = newValue } }
  }

  /// The last document this run sent or tried to (typed, `query`, `edit`), or nil.
  var lastDocument: String? { state.withLock { $0.lastDocument } }

  /// Remembers `document` as the last one sent.
  func noteDocument(_ document: String) { state.withLock { $0.lastDocument = document } }

  /// Asks the shell to record `entry` in its history after the command.
  func recordInHistory(_ entry: String) { state.withLock { $0.historyEntries.append(entry) } }

  /// The entries `recordInHistory(_:)` was given since the last call, oldest first.
  func takeHistoryEntries() -> [String] {
    state.withLock { state in
      defer { state.historyEntries = [] }
      return state.historyEntries
    }
  }
}
