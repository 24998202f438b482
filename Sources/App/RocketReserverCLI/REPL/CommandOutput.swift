import CommandLineKit

/// Where commands print: standard output for results, standard error for problems (tests
/// capture them).
public struct CommandOutput: Sendable {
  /// Writes result text as is (include the newline).
  public let write: @Sendable (String) -> Void
  /// Writes diagnostic text as is (include the newline).
  public let writeError: @Sendable (String) -> Void
  /// Where a failed write to standard output is recorded; nil for outputs that cannot fail.
  let failure: OutputFailure?

  /// Creates an output from two writers.
  public init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void
  ) {
    self.write = write
    self.writeError = writeError
    self.failure = nil
  }

  private init(failure: OutputFailure) {
    self.write = { text in
      // After a failure nothing more is written: the reader is gone or the disk is full.
      guard failure.errno == nil else { return }
      failure.record(writeStandardOutput(text))
    }
    self.writeError = { writeStandardError($0) }
    self.failure = failure
  }

  /// The process's standard streams, unbuffered, a failed write recorded in `failure`.
  public static var standard: CommandOutput { CommandOutput(failure: OutputFailure()) }
}
