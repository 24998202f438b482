import Postgres

/// Which database holds the bookings: what `serve --data-dir` or `serve --database` chose.
public enum BookingDatabase: Sendable, Equatable {
  /// One SQLite file (the embedded default).
  case sqlite(path: String)
  /// A PostgreSQL server shared by several processes.
  ///
  /// - conninfo: a libpq connection string (URL or `key=value`; `PG*` variables fill the gaps).
  /// - poolSize: connections this process keeps at most.
  case postgres(conninfo: String, poolSize: Int)

  /// Opens (creating and migrating as needed) the store.
  ///
  /// - Throws: ``BookingStoreError`` (``BookingStoreError/cannotConnect(_:)`` when PostgreSQL
  ///   cannot be reached).
  public func open() throws -> any BookingStore {
    switch self {
    case .sqlite(let path):
      try SQLiteBookingStore(path: path)
    case .postgres(let conninfo, let poolSize):
      try PostgresBookingStore(PostgresPool.Configuration(conninfo: conninfo, size: poolSize))
    }
  }
}

extension BookingDatabase {
  /// The database as an operator reads it in logs and in `serve --json`'s ready line: the SQLite
  /// file's path, or the PostgreSQL connection string without its password (`postgresql://ada@db/
  /// bookings`; a `password=` of a `key=value` string or a URL's query is left out too).
  public var redactedDescription: String {
    switch self {
    case .sqlite(let path): return path
    case .postgres(let conninfo, _): return Self.redacting(conninfo)
    }
  }

  private static func redacting(_ conninfo: String) -> String {
    if conninfo.hasPrefix("postgres://") || conninfo.hasPrefix("postgresql://") {
      var text = conninfo
      let schemeEnd = text.index(text.startIndex, offsetBy: text.hasPrefix("postgres://") ? 11 : 13)
      let authorityEnd = text[schemeEnd...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
      if let at = text[schemeEnd..<authorityEnd].lastIndex(of: "@"),
        let colon = text[schemeEnd..<at].firstIndex(of: ":")
      {
        text.removeSubrange(colon..<at)
      }
      guard let query = text.firstIndex(of: "?") else { return text }
      let kept = text[text.index(after: query)...].split(separator: "&")
        .filter { !$0.lowercased().hasPrefix("password=") }
      return String(text[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
    // key=value words (spaces allowed around `=`), values possibly single-quoted with spaces inside.
    let characters = Array(conninfo)
    var words: [String] = []
    var current = ""
    var quoted = false
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      if character == "\\", index < characters.count {
        current.append(character)
        current.append(characters[index])
        index += 1
      } else if character == "'" {
        current.append(character)
        quoted.toggle()
      } else if character.isWhitespace && !quoted {
        let next = characters[index...].first { !$0.isWhitespace }
        if current.hasSuffix("=") || next == "=" { continue }
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words.filter { !$0.lowercased().hasPrefix("password=") }.joined(separator: " ")
  }
}
