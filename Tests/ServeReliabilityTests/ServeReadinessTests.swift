import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `/ready` follows the database: 503 with a JSON reason while PostgreSQL is down, 200 again
/// once it is back; `/health` never looks at it.
@Suite(.serialized)
struct ServeReadinessTests {
  @Test func readinessFollowsPostgreSQLDownAndBack() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-ready-pg")
    let cluster = try PostgresCluster()
    defer { cluster.destroy() }
    let server = try ServeProcess(dataDirectory: directory.child("a"), database: try cluster.createDatabase())
    #expect(server.get("/ready")?.status == 200)
    cluster.stop(immediately: true)
    var ready: HTTPAnswer?
    #expect(
      await waitUntil(within: .seconds(60)) {
        ready = server.get("/ready")
        return ready?.status == 503
      })
    let reason = try JSON(parsing: ready?.text ?? "")
    #expect(reason["status"] == .string("unavailable"))
    #expect(reason["reason"] == .string("database_unreachable"), "\(ready?.text ?? "")")
    #expect(reason["message"]?.stringValue?.contains("unavailable") == true, "\(ready?.text ?? "")")
    #expect(server.get("/health")?.status == 200)
    try cluster.start()
    #expect(await waitUntil(within: .seconds(60)) { server.get("/ready")?.status == 200 })
    let (status, body) = try await server.send("{ totalTripsBooked }")
    #expect(status == 200 && body["data"]?["totalTripsBooked"] == .int(0))
  }
}
