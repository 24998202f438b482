import Synchronization

/// Whether a command has printed its one JSON document, and whether `--jq`'s filter failed on
/// it; a command's context and its copies share one.
final class JSONDocument: Sendable {
  private let written = Mutex(false)
  private let filterFailure = Mutex(false)

  /// Whether the `--jq` filter failed on a document of the command.
  var filterFailed: Bool { filterFailure.withLock { $0 } }

  /// Notes that the `--jq` filter failed.
  func recordFilterFailure() { filterFailure.withLock { $0 = true } }

  /// Marks the document as written; true only the first time.
  func claim() -> Bool {
    written.withLock { written in
      defer { written = true }
      return !written
    }
  }
}
