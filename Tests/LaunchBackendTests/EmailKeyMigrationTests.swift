import Foundation
import SQLite
import TestSupport
import Testing

@testable import LaunchBackend

/// Opening a database written before emails were compared ignoring case.
@Suite struct EmailKeyMigrationTests {
  @Test func accountsDifferingOnlyInCaseBecomeTheOldestOne() throws {
    let dir = try TemporaryDirectory()
    let path = dir.url.appendingPathComponent("backend.sqlite").path
    // The first schema version only, as an older program left it: two accounts for one person.
    let old = try DatabasePool(
      path: path, migrator: Migrator(Array(SQLiteBookingSchema.migrator.migrations.prefix(1))))
    try old.write { db in
      try db.execute(
        """
        INSERT INTO users (id, email) VALUES (1, 'Ada@example.com'), (2, 'ada@example.com'), (3, 'bob@example.com');
        INSERT INTO trips (user_id, launch_id) VALUES (1, 10), (2, 10), (2, 20), (3, 30);
        INSERT INTO sessions (token_hash, user_id, created_at) VALUES (x'01', 2, 0);
        """)
    }
    old.close()

    let store = try SQLiteBookingStore(path: path)
    defer { store.close() }
    #expect(try store.bookedLaunchIDs(userID: 1) == [10, 20])
    #expect(try store.bookedLaunchIDs(userID: 3) == [30])
    #expect(try store.totalTripsBooked() == 3)
    let (user, _) = try store.login(email: EmailAddress(validating: "ADA@EXAMPLE.COM"))
    #expect(user == StoredUser(id: 1, email: "Ada@example.com"))
  }
}
