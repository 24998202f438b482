import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `serve --drain SECONDS`: on SIGTERM, `/ready` turns 503 at once while every request is still
/// served; the server stops when the drain ends, or at once on a second signal. SIGINT (Ctrl-C)
/// does not drain.
@Suite struct ServeDrainTests {
  @Test func sigtermDrainsAndASecondSignalStopsAtOnce() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-drain")
    // A drain far longer than the test's bounds: the process ending shows the second signal
    // cut it short.
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--drain", "3600"])
    #expect(server.get("/ready")?.status == 200)
    server.signal(SIGTERM)
    var ready: HTTPAnswer?
    #expect(
      await waitUntil(within: .seconds(30)) {
        ready = server.get("/ready")
        return ready?.status == 503
      })
    let reason = try JSON(parsing: ready?.text ?? "")
    #expect(reason["status"] == .string("unavailable"))
    #expect(reason["reason"] == .string("draining"))
    // Draining, the server still answers, on new connections too.
    #expect(server.get("/health")?.status == 200)
    let (status, body) = try await server.send("{ totalTripsBooked }")
    #expect(status == 200)
    #expect(body["data"]?["totalTripsBooked"] == .int(0))
    #expect(server.process.isRunning)
    server.signal(SIGTERM)
    #expect(await server.exitStatus(within: .seconds(60)) == 0)
  }

  @Test func theDrainEndsByItself() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-drain-end")
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--drain", "0.5"])
    server.signal(SIGTERM)
    #expect(await server.exitStatus(within: .seconds(60)) == 0)
  }

  @Test func sigintStopsWithoutDraining() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-drain-int")
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--drain", "3600"])
    server.signal(SIGINT)
    #expect(await server.exitStatus(within: .seconds(60)) == 0)
  }

  @Test(arguments: ["-1", "soon", "3601"])
  func badDrainIsAUsageError(value: String) throws {
    let result = try runProcess(BuiltProduct.rocketReserver, ["serve", "--drain", value])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--drain takes seconds from 0 to 3600"), "\(result.standardError)")
  }
}
