import Foundation
import GraphQL
import GraphQLWire
import LaunchBackend
import Postgres
import Synchronization
import TestSupport
import Testing

/// Several `serve` processes on one PostgreSQL database: shared state, migrations at start-up,
/// and the database going away and coming back.
@Suite struct ServePostgresTests {
  static let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }"
  static let launches = "{ launches(pageSize: 3) { launches { id isBooked } } }"

  @Test func aBookingOnOneInstanceIsVisibleOnTheOtherAtOnce() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-pg")
    let url = try PostgresCluster.shared().createDatabase()
    let a = try ServeProcess(dataDirectory: directory.child("a"), database: url)
    let b = try ServeProcess(dataDirectory: directory.child("b"), database: url)
    let token = try await a.logIn("ada@example.com")
    let (status, booked) = try await a.send(
      Self.book, variables: ["ids": .array([.string("109")])], token: token)
    #expect(status == 200 && booked["data"]?["bookTrips"]?["success"] == .bool(true), "\(booked)")
    // B knows the token A issued and sees the trip A booked, with no delay.
    let (_, me) = try await b.send("{ me { email trips { id } } }", token: token)
    #expect(me["data"]?["me"]?["email"] == .string("ada@example.com"))
    #expect(me["data"]?["me"]?["trips"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["109"])
    let (_, total) = try await b.send("{ totalTripsBooked }")
    #expect(total["data"]?["totalTripsBooked"] == .int(1))
  }

  @Test func aSubscriberElsewhereSeesTheEventsOfBothInstances() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-pg")
    let url = try PostgresCluster.shared().createDatabase()
    let a = try ServeProcess(dataDirectory: directory.child("a"), database: url)
    let b = try ServeProcess(dataDirectory: directory.child("b"), database: url)
    // The subscriber is a third process's view: a store of its own, fed by LISTEN.
    let watcher = try PostgresBookingStore(PostgresPool.Configuration(conninfo: url, size: 1))
    defer { watcher.close() }
    let events = try watcher.events.subscribe()
    let token = try await a.logIn("ada@example.com")
    _ = try await a.send(Self.book, variables: ["ids": .array([.string("1"), .string("2")])], token: token)
    _ = try await b.send(
      "mutation($id: ID!) { cancelTrip(launchId: $id) { success } }", variables: ["id": .string("1")],
      token: token)
    #expect(await collect(events, count: 2).map(\.delta) == [2, -1])
  }

  @Test func eventsCommittedOutOfIdOrderReachSubscribersOnBothInstancesInIdOrder() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-pg")
    let url = try PostgresCluster.shared().createDatabase()
    let servers = [
      try ServeProcess(dataDirectory: directory.child("a"), database: url),
      try ServeProcess(dataDirectory: directory.child("b"), database: url),
    ]
    let token = try await servers[0].logIn("ada@example.com")
    let clients = try servers.map { try ServeSubscriptionTests.subscribed($0) }
    try await ServeSubscriptionTests.warmUp(servers[1], token: token, clients: clients)

    // Two transactions as the store writes them (trips, then the event, then NOTIFY after the
    // commit): the slow one takes the smaller id and is still open when the fast one commits.
    let db = try PostgresConnection(conninfo: url)
    let user = try #require(try db.queryFirst("SELECT id FROM users WHERE email_key = 'ada@example.com'"))
      .int(0)
    let slow = try PostgresConnection(conninfo: url)
    try slow.execute("BEGIN")
    try slow.run("INSERT INTO trips (user_id, launch_id) VALUES ($1, 20)", [user])
    try slow.run("INSERT INTO trip_events (delta) VALUES (1)")
    try db.execute("BEGIN")
    try db.run("INSERT INTO trips (user_id, launch_id) VALUES ($1, 21), ($1, 22)", [user])
    try db.run("INSERT INTO trip_events (delta) VALUES (2)")
    try db.execute("COMMIT")
    try db.query("SELECT pg_notify($1, '')", [PostgresBookingStore.notificationChannel])
    // A reader here waits for the slow transaction (half a second), then finds nothing final
    // after what it had: meanwhile both instances were told of the fast commit and held it back.
    let reader = try PostgresBookingStore(PostgresPool.Configuration(conninfo: url, size: 1))
    defer { reader.close() }
    let final = try reader.lastTripEventID()
    #expect(try reader.tripEvents(after: final, limit: 10).isEmpty)
    try slow.execute("COMMIT")
    try slow.query("SELECT pg_notify($1, '')", [PostgresBookingStore.notificationChannel])

    for client in clients {
      #expect(
        client.receive()?.withoutEventID
          == .text(#"{"id":"1","type":"next","payload":{"data":{"tripsBooked":1}}}"#))
      #expect(
        client.receive()?.withoutEventID
          == .text(#"{"id":"1","type":"next","payload":{"data":{"tripsBooked":2}}}"#))
    }
  }

  @Test func eightClientsOverTwoInstancesEndInTheSerialReplayState() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-pg")
    let url = try PostgresCluster.shared().createDatabase()
    let servers = [
      try ServeProcess(dataDirectory: directory.child("a"), database: url),
      try ServeProcess(dataDirectory: directory.child("b"), database: url),
    ]
    try await ServeConcurrencyTests.eightClientsEndInTheSerialReplayState(across: servers)
  }

  @Test func twoInstancesStartingAtOnceMigrateOnce() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-pg")
    let url = try PostgresCluster.shared().createDatabase()
    let (pathA, pathB) = (directory.child("a"), directory.child("b"))
    async let first = Task.detached { try ServeProcess(dataDirectory: pathA, database: url) }.value
    async let second = Task.detached { try ServeProcess(dataDirectory: pathB, database: url) }.value
    let servers = try await [first, second]
    for server in servers {
      let (status, _) = try await server.send("{ totalTripsBooked }")
      #expect(status == 200)
    }
    let db = try PostgresConnection(conninfo: url)
    #expect(
      try db.query("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int(0) } == [
        1, 2, 3, 4, 5, 6,
      ])
  }

  @Test func anUnreachableDatabaseExits69NamingHostAndPortButNotThePassword() throws {
    let directory = try TemporaryDirectory(prefix: "serve-pg")
    let stopped = try PostgresCluster()
    stopped.destroy()
    let result = try runProcess(
      BuiltProduct.rocketReserver,
      ["serve", "--port", "0", "--database", "postgresql://ada:sekrit@127.0.0.1:\(stopped.port)/launches"],
      environment: ["XDG_STATE_HOME": directory.child("state"), "XDG_CONFIG_HOME": directory.child("config")])
    #expect(result.status == 69)
    #expect(result.standardError.contains("127.0.0.1:\(stopped.port)"), "\(result.standardError)")
    #expect(!result.standardError.contains("sekrit"))
    #expect(!result.standardOutput.contains("sekrit"))
  }

  @Test func whileTheDatabaseIsDownRequestsGet503AndAfterwardsEverythingRecovers() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-pg")
    let cluster = try PostgresCluster()
    defer { cluster.destroy() }
    let url = try cluster.createDatabase()
    let server = try ServeProcess(dataDirectory: directory.child("a"), database: url)
    let tokens = [try await server.logIn("ada@example.com"), try await server.logIn("bob@example.com")]
    // A subscriber in this process, whose LISTEN connection goes through the restart too.
    let watcher = try PostgresBookingStore(PostgresPool.Configuration(conninfo: url, size: 1))
    defer { watcher.close() }
    let events = try watcher.events.subscribe(after: 0, capacity: 100_000)

    // Two clients book and cancel without pause while the database stops and starts again.
    let statuses = StatusCounts()
    let clients = Task {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (index, token) in tokens.enumerated() {
          group.addTask {
            var step = 0
            while statuses.running.load(ordering: .relaxed) {
              step += 1
              let launch = String(100 + (step + index) % 5)
              let (status, _) =
                step % 2 == 0
                ? try await server.send(
                  Self.book, variables: ["ids": .array([.string(launch)])], token: token)
                : try await server.send(
                  "mutation($id: ID!) { cancelTrip(launchId: $id) { success } }",
                  variables: ["id": .string(launch)],
                  token: token)
              statuses.add(status)
            }
          }
        }
        try await group.waitForAll()
      }
    }
    #expect(await waitUntil { statuses[200] >= 20 })
    cluster.stop()
    #expect(await waitUntil { statuses[503] >= 5 })

    // While it is down: a request that needs it says so, the anonymous catalog still works.
    let (downStatus, down) = try await server.send(
      Self.book, variables: ["ids": .array([.string("1")])], token: tokens[0])
    #expect(downStatus == 503)
    #expect(down["errors"]?[0]?["extensions"]?["code"] == .string("SERVICE_UNAVAILABLE"), "\(down)")
    let (catalogStatus, catalog) = try await server.send(Self.launches)
    #expect(catalogStatus == 200)
    #expect(catalog["data"]?["launches"]?["launches"]?.arrayValue?.count == 3, "\(catalog)")

    try cluster.start()
    let okBeforeRestart = statuses[200]
    #expect(await waitUntil { statuses[200] >= okBeforeRestart + 50 })
    statuses.running.store(false, ordering: .relaxed)
    try await clients.value

    let seen = statuses.all
    #expect(Set(seen.keys).isSubset(of: [200, 503]), "\(seen)")
    // Fully back: the trips both users hold add up to the total, on a fresh request.
    var held = 0
    for token in tokens {
      let (status, me) = try await server.send("{ me { trips { id } } }", token: token)
      #expect(status == 200)
      held += me["data"]?["me"]?["trips"]?.arrayValue?.count ?? -1000
    }
    let (_, total) = try await server.send("{ totalTripsBooked }")
    #expect(total["data"]?["totalTripsBooked"] == .int(held))
    // No event lost: the subscriber got every logged event, in order, adding up to the trips.
    let logged = try watcher.tripEvents(after: 0, limit: 1_000_000)
    let received = await collect(events, count: logged.count)
    #expect(received == logged)
    #expect(received.map(\.delta).reduce(0, +) == held)
  }

  /// The HTTP statuses the clients saw, and whether they should go on.
  final class StatusCounts: Sendable {
    let running = Atomic<Bool>(true)
    private let counts = Mutex<[Int: Int]>([:])
    func add(_ status: Int) { counts.withLock { $0[status, default: 0] += 1 } }
    subscript(status: Int) -> Int { counts.withLock { $0[status, default: 0] } }
    var all: [Int: Int] { counts.withLock { $0 } }
  }
}
