/// A picture as the bytes that draw it on a terminal, and the cells it takes.
public struct TerminalPicture: Sendable {
  /// The escape sequences (and, for blocks, characters) to write as they are.
  public let bytes: [UInt8]
  /// The columns it covers.
  public let columns: Int
  /// The rows it covers.
  public let rows: Int
}
