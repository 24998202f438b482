/// A result column that does not hold what the caller asked for: a bug, or a schema this program
/// does not know.
public struct SQLRowError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The column's position (0-based).
  public let column: Int
  /// What the caller asked for, e.g. "an integer".
  public let expected: String

  /// Creates the error.
  public init(column: Int, expected: String) {
    self.column = column
    self.expected = expected
  }

  /// "column 1 is not an integer".
  public var description: String { "column \(column) is not \(expected)" }
}
