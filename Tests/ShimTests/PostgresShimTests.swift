import CPostgres
import Glibc
import TestSupport
import Testing

/// libpq against a real server: the private test cluster.
@Suite struct PostgresShimTests {
  @Test func connectsPreparesExecutesAndReadsBack() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let connection = try #require(PQconnectdb(url))
    defer { PQfinish(connection) }
    #expect(PQstatus(connection) == CONNECTION_OK)
    cpostgres_silence_notices(connection)

    let create = PQexec(connection, "CREATE TABLE trips (email text, launch int)")
    #expect(PQresultStatus(create) == PGRES_COMMAND_OK)
    PQclear(create)
    let prepare = PQprepare(connection, "insert", "INSERT INTO trips VALUES ($1, $2)", 2, nil)
    #expect(PQresultStatus(prepare) == PGRES_COMMAND_OK)
    PQclear(prepare)
    for launch in ["42", "7"] {
      let values: [String] = ["ada@example.com", launch]
      let pointers = values.map { UnsafePointer(strdup($0)) }
      defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
      let insert = PQexecPrepared(connection, "insert", 2, pointers, nil, nil, 0)
      #expect(PQresultStatus(insert) == PGRES_COMMAND_OK)
      PQclear(insert)
    }
    let select = PQexec(connection, "SELECT launch FROM trips ORDER BY launch")
    defer { PQclear(select) }
    #expect(PQresultStatus(select) == PGRES_TUPLES_OK)
    #expect(PQntuples(select) == 2)
    #expect(String(cString: PQgetvalue(select, 0, 0)) == "7")
    #expect(String(cString: PQgetvalue(select, 1, 0)) == "42")
  }

  @Test func reportsTheSQLStateOfAUniqueViolation() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let connection = try #require(PQconnectdb(url))
    defer { PQfinish(connection) }
    cpostgres_silence_notices(connection)
    PQclear(PQexec(connection, "CREATE TABLE users (email text PRIMARY KEY)"))
    PQclear(PQexec(connection, "INSERT INTO users VALUES ('ada@example.com')"))
    let duplicate = PQexec(connection, "INSERT INTO users VALUES ('ada@example.com')")
    defer { PQclear(duplicate) }
    #expect(PQresultStatus(duplicate) == PGRES_FATAL_ERROR)
    #expect(cpostgres_sqlstate(duplicate).map { String(cString: $0) } == "23505")
  }

  @Test func deliversANotifyOnlyWhenItsTransactionCommits() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let listener = try #require(PQconnectdb(url))
    let sender = try #require(PQconnectdb(url))
    defer {
      PQfinish(listener)
      PQfinish(sender)
    }
    PQclear(PQexec(listener, "LISTEN trips"))
    PQclear(PQexec(sender, "BEGIN; NOTIFY trips, 'rolled back'; ROLLBACK"))
    PQclear(PQexec(sender, "BEGIN; NOTIFY trips, 'committed'; COMMIT"))
    // A round trip on the listener makes sure both notifications (had they been sent) arrived.
    PQclear(PQexec(listener, "SELECT 1"))
    #expect(PQconsumeInput(listener) == 1)
    var payloads: [String] = []
    while let notify = PQnotifies(listener) {
      payloads.append(String(cString: notify.pointee.extra))
      PQfreemem(notify)
    }
    #expect(payloads == ["committed"])
  }
}
