import LaunchBackend
import Testing

/// The database as logs and `serve --json` show it: never with its password.
@Suite struct BookingDatabaseDescriptionTests {
  @Test(arguments: [
    ("postgresql://ada:s3cret@db.example:5432/bookings", "postgresql://ada@db.example:5432/bookings"),
    ("postgres://ada:p%40ss@db/b?sslmode=require&password=x", "postgres://ada@db/b?sslmode=require"),
    ("postgresql:///bookings?password=x", "postgresql:///bookings"),
    ("host=db user=ada password=s3cret dbname=b", "host=db user=ada dbname=b"),
    ("host=db password = 'two words' dbname=b", "host=db dbname=b"),
    ("host=db dbname=b", "host=db dbname=b"),
  ])
  func passwordsAreLeftOut(conninfo: String, shown: String) {
    #expect(BookingDatabase.postgres(conninfo: conninfo, poolSize: 1).redactedDescription == shown)
  }

  @Test func aSQLiteFileIsItsPath() {
    #expect(
      BookingDatabase.sqlite(path: "/var/lib/rr/backend.sqlite").redactedDescription
        == "/var/lib/rr/backend.sqlite")
  }
}
