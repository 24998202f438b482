/// How a command ended: its exit status and whether the shell should stop.
public struct CommandOutcome: Equatable, Sendable {
  /// The exit status (`ExitStatus`); 0 means success.
  public var status: Int32
  /// True when the shell should stop reading lines (`quit`).
  public var endsSession = false

  /// The command worked.
  public static let success = CommandOutcome(status: ExitStatus.success)

  /// The command failed with `status` (default `ExitStatus.failure`).
  public static func failed(_ status: Int32 = ExitStatus.failure) -> CommandOutcome {
    CommandOutcome(status: status)
  }

  /// The shell should end, with `status` (default success).
  public static func quit(_ status: Int32 = ExitStatus.success) -> CommandOutcome {
    CommandOutcome(status: status, endsSession: true)
  }

  /// Whether the status is 0.
  public var succeeded: Bool { status == ExitStatus.success }
}
