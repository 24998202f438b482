import Postgres
import SQL
import TestSupport
import Testing

/// One statement written with `?`, as the booking store writes its SQL, run on PostgreSQL.
@Suite struct SQLStatementTests {
  @Test func questionMarksAreNumberedOutsideQuotesOnly() {
    let statement = SQLStatement(#"SELECT 'a?', "b?" FROM t WHERE x = ? AND y = ?"#, for: .dollarNumbered)
    #expect(statement.text == #"SELECT 'a?', "b?" FROM t WHERE x = $1 AND y = $2"#)
    #expect(SQLStatement("SELECT ?", for: .questionMark).text == "SELECT ?")
  }

  @Test func aStatementRunsThroughThePoolAsAnSQLDatabase() throws {
    let pool = PostgresPool(.init(conninfo: try PostgresCluster.shared().createDatabase(), size: 1))
    defer { pool.close() }
    let style = pool.placeholderStyle
    try pool.transaction { db in
      try db.execute("CREATE TABLE notes (id int PRIMARY KEY, body text)")
      let insert = SQLStatement(
        "INSERT INTO notes (id, body) VALUES (?, ?) ON CONFLICT DO NOTHING", for: style)
      #expect(try db.run(insert, [.integer(1), .text("it's ?")]) == 1)
      #expect(try db.run(insert, [.integer(1), .text("again")]) == 0)
    }
    let rows = try pool.read {
      try $0.query(SQLStatement("SELECT id, body FROM notes WHERE id = ?", for: style), [.integer(1)])
    }
    #expect(try rows.map { try $0.int(0) } == [1])
    #expect(try rows.map { try $0.string(1) } == ["it's ?"])
    #expect(throws: SQLRowError.self) { try rows[0].int(1) }
  }
}
