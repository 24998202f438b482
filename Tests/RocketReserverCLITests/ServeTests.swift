import Foundation
import RocketReserverAPI
import SQLite
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `rocket-reserver serve` end to end: the real binary on an ephemeral port, queried over HTTP.
@Suite struct ServeTests {
  /// `serve --port 0` (no `--host`: the default) on `dataDirectory`, its standard error kept.
  private func serve(_ fixture: ShellFixture, dataDirectory: String) throws -> ServeProcess {
    try ServeProcess(
      dataDirectory: dataDirectory, host: nil, environment: fixture.environment(), errors: .captured)
  }

  /// POSTs an operation and returns the decoded JSON body.
  private func post(
    _ server: ServeProcess, query: String, operationName: String, variables: [String: Any] = [:],
    token: String? = nil
  ) async throws -> [String: Any] {
    let body = try JSONSerialization.data(withJSONObject: [
      "query": query, "operationName": operationName, "variables": variables,
    ])
    let answer = try await server.post(String(decoding: body, as: UTF8.self), token: token)
    return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
  }

  @Test func servesQueriesAndMutationsThenStopsCleanly() async throws {
    let fixture = try ShellFixture()
    let dataDirectory = fixture.root.appendingPathComponent("served").path
    let server = try serve(fixture, dataDirectory: dataDirectory)
    #expect(server.endpoint.host == "127.0.0.1")
    #expect(server.endpoint.path == "/graphql")
    #expect((server.endpoint.port ?? 0) > 0)

    let list = try await post(
      server, query: LaunchListQuery.document, operationName: LaunchListQuery.operationName)
    let data = try #require(list["data"] as? [String: Any])
    let launches = try #require((data["launches"] as? [String: Any])?["launches"] as? [[String: Any]])
    #expect(launches.count == 20)
    #expect(launches.first?["id"] as? String == "110")

    // --json over --endpoint prints exactly the data the server sends.
    let json = try fixture.run(["--endpoint", server.endpoint.absoluteString, "--json", "launches"])
    #expect(json.status == 0)
    let printed = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))
    #expect((printed as? NSDictionary) == (data as NSDictionary))

    let login = try await post(
      server, query: LoginMutation.document, operationName: "Login",
      variables: ["email": "ada@example.com"])
    let token = try #require(
      ((login["data"] as? [String: Any])?["login"] as? [String: Any])?["token"] as? String)
    let booked = try await post(
      server, query: BookTripsMutation.document, operationName: "BookTrips",
      variables: ["ids": ["42"]], token: token)
    let trip = try #require((booked["data"] as? [String: Any])?["bookTrips"] as? [String: Any])
    #expect(trip["success"] as? Bool == true)
    #expect(trip["message"] as? String == "trips booked successfully")

    // The same port again: a one-line error and 69.
    let port = server.endpoint.port ?? 0
    let busy = try fixture.run(["serve", "--port", "\(port)", "--data-dir", dataDirectory])
    #expect(busy.status == 69)
    #expect(busy.standardError == "rocket-reserver: serve: address 127.0.0.1:\(port) is already in use\n")

    let (status, log) = server.stop(SIGTERM)
    #expect(status == 0)
    #expect(log.contains("127.0.0.1 POST /graphql 200 LaunchList"))
    #expect(log.contains("BookTrips"))
    #expect(!log.contains(token))

    let database = try Connection(path: dataDirectory + "/backend.sqlite", readOnly: true)
    defer { database.close() }
    let check = try database.queryFirst("PRAGMA integrity_check") { try $0.column(0, as: String.self) }
    #expect(check == "ok")
  }

  @Test func ctrlCStopsTheServerGracefully() throws {
    let fixture = try ShellFixture()
    let server = try serve(fixture, dataDirectory: fixture.root.appendingPathComponent("s").path)
    let (status, log) = server.stop(SIGINT)
    #expect(status == 0)
    #expect(log.hasSuffix("rocket-reserver: stopped\n"))
  }

  /// `DATABASE_URL` from the environment chooses PostgreSQL (here a port nobody listens on, so
  /// serve says where it could not connect and ends with 69); `--data-dir` overrides it.
  @Test func databaseURLChoosesPostgreSQLUnlessADataDirectoryIsGiven() throws {
    let fixture = try ShellFixture()
    let unreachable = ["DATABASE_URL": "postgresql://nobody@127.0.0.1:1/bookings"]
    let refused = try fixture.run(["serve", "--port", "0"], environment: unreachable)
    #expect(refused.status == 69)
    #expect(refused.standardError.contains("cannot connect to PostgreSQL at 127.0.0.1:1"))
    let directory = fixture.root.appendingPathComponent("chosen")
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["serve", "--port", "0", "--data-dir", directory.path],
      environment: fixture.environment(unreachable))
    try terminal.expect("serving the SQLite database \(directory.path)", timeout: ShellFixture.patience)
    try terminal.expect("listening on", timeout: ShellFixture.patience)
  }

  @Test func serveRefusesToRunInsideTheShell() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run([], input: "serve\n")
    #expect(result.status == 2)
    #expect(result.standardError.contains("serve runs on its own"))
  }
}
