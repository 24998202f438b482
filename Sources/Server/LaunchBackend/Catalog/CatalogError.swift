/// Why a launch catalog could not be built or paged. Messages are user-facing and name the flight
/// and field at fault; they never contain file paths.
public enum CatalogError: Error, Hashable, CustomStringConvertible {
  /// The data is not a JSON array of objects at all.
  case invalidJSON(reason: String)
  /// A launch record is missing a field or has one of the wrong type or value.
  /// `flightNumber` is nil when the record's own flight number could not be read.
  case invalidRecord(index: Int, flightNumber: Int?, field: String, reason: String)
  /// Two records share a flight number.
  case duplicateFlightNumber(Int)
  /// An `after` cursor that names no launch of the catalog.
  case unknownCursor(String)
  /// A page size below 1 (callers clamp sizes to 1...100 before paging).
  case invalidPageSize(Int)

  /// A one-line explanation for users and logs.
  public var description: String {
    switch self {
    case .invalidJSON(let reason):
      return "the launch catalog is not a JSON array of launch records: \(reason)"
    case .invalidRecord(let index, let flightNumber, let field, let reason):
      let record = flightNumber.map { "flight \($0)" } ?? "record \(index + 1)"
      return "launch catalog \(record), field '\(field)': \(reason)"
    case .duplicateFlightNumber(let flight):
      return "the launch catalog lists flight \(flight) more than once"
    case .unknownCursor(let cursor):
      return "the cursor '\(cursor)' does not name a launch"
    case .invalidPageSize(let size):
      return "the page size must be at least 1, got \(size)"
    }
  }
}
