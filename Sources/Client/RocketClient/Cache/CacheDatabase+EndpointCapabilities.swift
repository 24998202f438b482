import SQLite

/// The cache file's table of what each endpoint can do (``EndpointCapabilityMemory``), made at
/// the first finding, so older files take it without a migration.
extension CacheDatabase {
  /// The finding for `capability` at `endpoint`, unless it is older than `now` allows.
  func capability(_ capability: String, at endpoint: String, now: Int64) throws -> Bool? {
    let exists = try connection.queryFirst(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'endpoint_capabilities'"
    ) { try $0.column(0, as: Int64.self) }
    guard exists == 1 else { return nil }
    return try connection.queryFirst(
      "SELECT supported FROM endpoint_capabilities WHERE endpoint = ? AND capability = ? AND until > ?",
      [endpoint, capability, now]
    ) { try $0.column(0, as: Int64.self) != 0 }
  }

  /// Keeps `supported` for `capability` at `endpoint` until `until` (seconds since 1970).
  func rememberCapability(_ capability: String, at endpoint: String, supported: Bool, until: Int64) throws {
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS endpoint_capabilities (
        endpoint TEXT NOT NULL,
        capability TEXT NOT NULL,
        supported INTEGER NOT NULL,
        until INTEGER NOT NULL,
        PRIMARY KEY (endpoint, capability)
      ) WITHOUT ROWID
      """)
    try connection.run(
      "INSERT OR REPLACE INTO endpoint_capabilities (endpoint, capability, supported, until) VALUES (?, ?, ?, ?)",
      [endpoint, capability, supported ? Int64(1) : Int64(0), until])
  }
}
