import Synchronization

@testable import RocketReserverCLI

/// A `CommandOutput` that keeps what commands print, for assertions.
final class CapturedOutput: Sendable {
  private let texts = Mutex<(output: String, error: String)>(("", ""))

  var output: String { texts.withLock { $0.output } }
  var error: String { texts.withLock { $0.error } }

  var commandOutput: CommandOutput {
    CommandOutput(
      write: { text in self.texts.withLock { $0.output += text } },
      writeError: { text in self.texts.withLock { $0.error += text } })
  }
}
