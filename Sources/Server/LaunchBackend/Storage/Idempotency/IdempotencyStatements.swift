import SQL

/// The SQL of the `idempotency_keys` table, portable to SQLite and PostgreSQL.
struct IdempotencyStatements: Sendable {
  /// Claims a key: inserts its row, or does nothing when it is there (on PostgreSQL, after
  /// waiting for a transaction that is inserting the same one).
  let claim: SQLStatement
  let recorded: SQLStatement
  let record: SQLStatement
  let pruneBefore: SQLStatement

  init(_ style: SQLPlaceholderStyle) {
    claim = SQLStatement(
      """
      INSERT INTO idempotency_keys (user_id, idempotency_key, position, fingerprint, created_at)
      VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
      """, for: style)
    recorded = SQLStatement(
      """
      SELECT fingerprint, success, message, launch_ids FROM idempotency_keys
      WHERE user_id = ? AND idempotency_key = ? AND position = ?
      """, for: style)
    record = SQLStatement(
      """
      UPDATE idempotency_keys SET success = ?, message = ?, launch_ids = ?
      WHERE user_id = ? AND idempotency_key = ? AND position = ?
      """, for: style)
    pruneBefore = SQLStatement("DELETE FROM idempotency_keys WHERE created_at < ?", for: style)
  }
}
