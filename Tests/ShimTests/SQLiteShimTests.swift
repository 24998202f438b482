import CSQLite
import Foundation
import Testing

@Suite struct SQLiteShimTests {
  @Test func writesAndReadsInATransaction() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shim-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("test.sqlite").path

    var handle: OpaquePointer?
    #expect(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
    let db = try #require(handle)
    defer { sqlite3_close_v2(db) }
    #expect(csqlite_enable_defensive(db) == SQLITE_OK)
    #expect(sqlite3_exec(db, "CREATE TABLE trips (user TEXT, launch INTEGER)", nil, nil, nil) == SQLITE_OK)
    #expect(sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)

    var insert: OpaquePointer?
    #expect(sqlite3_prepare_v2(db, "INSERT INTO trips VALUES (?, ?)", -1, &insert, nil) == SQLITE_OK)
    for launch in [42, 7] {
      #expect(sqlite3_bind_text(insert, 1, "ada@example.com", -1, csqlite_transient()) == SQLITE_OK)
      #expect(sqlite3_bind_int64(insert, 2, sqlite3_int64(launch)) == SQLITE_OK)
      #expect(sqlite3_step(insert) == SQLITE_DONE)
      sqlite3_reset(insert)
    }
    sqlite3_finalize(insert)
    #expect(sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK)

    var select: OpaquePointer?
    #expect(
      sqlite3_prepare_v2(db, "SELECT user, launch FROM trips ORDER BY launch", -1, &select, nil)
        == SQLITE_OK)
    var rows: [String] = []
    while sqlite3_step(select) == SQLITE_ROW {
      let user = String(cString: sqlite3_column_text(select, 0))
      rows.append("\(user) \(sqlite3_column_int64(select, 1))")
    }
    sqlite3_finalize(select)
    #expect(rows == ["ada@example.com 7", "ada@example.com 42"])
  }
}
