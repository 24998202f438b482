/// Where commands print: standard output for results, standard error for problems.
///
/// Tests replace it with closures that capture the text.
public struct CommandOutput: Sendable {
  /// Writes result text as is (include the newline).
  public let write: @Sendable (String) -> Void
  /// Writes diagnostic text as is (include the newline).
  public let writeError: @Sendable (String) -> Void

  /// Creates an output from two writers.
  public init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void
  ) {
    self.write = write
    self.writeError = writeError
  }

  /// The process's standard output and standard error, unbuffered.
  public static let standard = CommandOutput(
    write: { writeStandardOutput($0) }, writeError: { writeStandardError($0) })
}
