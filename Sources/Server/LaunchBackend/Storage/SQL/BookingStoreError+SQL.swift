import Postgres
import SQL
import SQLite

extension BookingStoreError {
  /// Runs `body`, turning the databases' errors into ``BookingStoreError``s: PostgreSQL that
  /// cannot be reached (or was too slow) becomes ``unavailable(_:)``.
  static func mapping<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw BookingStoreError.storageFailed(error)
    } catch let error as PostgresError where error.isUnavailable || error.isTimeout {
      throw BookingStoreError.unavailable(error)
    } catch let error as PostgresError {
      throw BookingStoreError.postgresFailed(error)
    } catch let error as SQLRowError {
      throw BookingStoreError.unexpectedResult(error)
    }
  }

  /// Whether a FOREIGN KEY constraint failed (a trip for a user that does not exist).
  var isForeignKeyViolation: Bool {
    switch self {
    case .storageFailed(let error): error.isForeignKeyViolation
    case .postgresFailed(let error): error.isForeignKeyViolation
    default: false
    }
  }
}
