/// One row of a query result, copied out of the database's result.
public struct SQLRow: Sendable, Hashable {
  /// The column values in select order.
  public let values: [SQLValue]

  /// Wraps the values of one row.
  public init(_ values: [SQLValue]) { self.values = values }

  /// Column `index` as an integer. A database that reports results as text (PostgreSQL's text
  /// format) gives decimal digits, which are read as the integer they spell.
  ///
  /// - Throws: ``SQLRowError`` for NULL, a missing column or anything else.
  public func int(_ index: Int) throws -> Int {
    switch value(index) {
    case .integer(let value): return value
    case .text(let text): if let value = Int(text) { return value }
    default: break
    }
    throw SQLRowError(column: index, expected: "an integer")
  }

  /// Column `index` as text.
  ///
  /// - Throws: ``SQLRowError`` for NULL, a missing column or a non-text value.
  public func string(_ index: Int) throws -> String {
    guard case .text(let text) = value(index) else { throw SQLRowError(column: index, expected: "text") }
    return text
  }

  private func value(_ index: Int) -> SQLValue? {
    values.indices.contains(index) ? values[index] : nil
  }
}
