import Synchronization

/// Whether a command has printed its JSON document: `--json` promises exactly one per command.
///
/// Thread safety: a `Mutex`; a command's context and its copies share one.
final class JSONDocument: Sendable {
  private let written = Mutex(false)

  /// Marks the document as written; true only the first time.
  func claim() -> Bool {
    written.withLock { written in
      defer { written = true }
      return !written
    }
  }
}
