import GraphQL
import GraphQLWire
import Postgres
import SQL

/// The automatic-persisted-query store of `serve` on PostgreSQL: the `persisted_queries` table,
/// so a hash registered through one instance is known to every instance on the same database,
/// with this process's bounded in-memory store in front so a known hash costs no round trip.
///
/// The table is bounded like the memory: after each registration the oldest registrations past
/// `maxEntries` documents or `maxBytes` bytes of text are deleted (oldest registered, not least
/// recently used: a hit does not write). A row read from the table is used only if its text still
/// hashes to its key, so a damaged or tampered row can never run in place of the client's
/// document. When the database is unreachable the store answers "unknown" and registrations are
/// dropped: clients then send their texts, which run as usual.
///
/// Thread safety: the memory store is thread-safe and each call takes its own connection.
final class PostgresPersistedQueryStore: PersistedQueryStore {
  private let store: PostgresBookingStore
  private let memory: InMemoryPersistedQueryStore
  private let maxEntries: Int
  private let maxBytes: Int
  private let select: SQLStatement
  private let insert: SQLStatement
  private let trim: SQLStatement

  init(store: PostgresBookingStore, maxEntries: Int, maxBytes: Int) {
    self.store = store
    self.maxEntries = max(1, maxEntries)
    self.maxBytes = maxBytes
    memory = InMemoryPersistedQueryStore(maxEntries: maxEntries, maxBytes: maxBytes)
    let style = store.database.placeholderStyle
    select = SQLStatement("SELECT query FROM persisted_queries WHERE hash = ?", for: style)
    insert = SQLStatement(
      "INSERT INTO persisted_queries (hash, query) VALUES (?, ?) ON CONFLICT (hash) DO NOTHING", for: style)
    // Newest first; whatever lies past either bound goes.
    trim = SQLStatement(
      """
      DELETE FROM persisted_queries WHERE hash IN (
        SELECT hash FROM (
          SELECT hash,
            row_number() OVER (ORDER BY registered_at DESC, hash) AS position,
            sum(octet_length(query)) OVER (ORDER BY registered_at DESC, hash) AS bytes
          FROM persisted_queries) AS ranked
        WHERE position > ? OR bytes > ?)
      """, for: style)
  }

  func query(forHash hash: String) -> String? {
    if let known = memory.query(forHash: hash) { return known }
    let row = try? store.read { db in try db.query(select, [.text(hash)]).first?.string(0) }
    guard let text = row ?? nil, SHA256.hexDigest(text) == hash else { return nil }
    memory.register(text, forHash: hash)
    return text
  }

  func register(_ query: String, forHash hash: String) {
    memory.register(query, forHash: hash)
    guard query.utf8.count <= maxBytes else { return }
    _ = try? store.write { db in
      if try db.run(insert, [.text(hash), .text(query)]) > 0 {
        try db.run(trim, [.integer(maxEntries), .integer(maxBytes)])
      }
    }
  }
}
