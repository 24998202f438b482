/// One row of a query result, copied out of libpq's result in text format.
public struct PostgresRow: Sendable {
  /// The column values in select order; nil for SQL NULL.
  public let values: [String?]

  /// Wraps the text values of one row.
  public init(values: [String?]) { self.values = values }

  /// Column `index` as an integer (`int4`, `int8`, `count(*)`).
  ///
  /// - Throws: ``PostgresError`` (`.protocolViolation`) for NULL, a missing column or non-digits.
  public func int(_ index: Int) throws -> Int {
    guard let text = try text(index), let value = Int(text) else {
      throw PostgresError(.protocolViolation, message: "column \(index) is not an integer")
    }
    return value
  }

  /// Column `index` as text.
  ///
  /// - Throws: ``PostgresError`` (`.protocolViolation`) for NULL or a missing column.
  public func string(_ index: Int) throws -> String {
    guard let text = try text(index) else {
      throw PostgresError(.protocolViolation, message: "column \(index) is NULL")
    }
    return text
  }

  /// Column `index` as a boolean (`t` or `f`).
  ///
  /// - Throws: ``PostgresError`` (`.protocolViolation`) for NULL, a missing column or other text.
  public func bool(_ index: Int) throws -> Bool {
    switch try text(index) {
    case "t": return true
    case "f": return false
    default: throw PostgresError(.protocolViolation, message: "column \(index) is not a boolean")
    }
  }

  private func text(_ index: Int) throws -> String? {
    guard values.indices.contains(index) else {
      throw PostgresError(.protocolViolation, message: "the result has no column \(index)")
    }
    return values[index]
  }
}

/// A notification received on a connection that ran `LISTEN`.
public struct PostgresNotification: Sendable, Equatable {
  /// The channel name given to `NOTIFY`.
  public let channel: String
  /// The payload string (empty when none was given).
  public let payload: String
  /// The process id of the server backend that sent it.
  public let senderProcessID: Int32
}
