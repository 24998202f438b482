/// A mistake in the command line or in a command's words; rendered as one line plus a hint.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// The one-line, user-facing explanation (without the program name).
  public let message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
