import Foundation
import TestSupport
import Testing

/// Python's gql 4.4 (pinned from PyPI into .build/python-peers by `make test-deps`) follows
/// `serve` over each of its subscription transports, resuming after an event id: multipart (whose
/// reader insists on the unquoted `boundary=graphql` it sends, which serve now echoes),
/// graphql-transport-ws and the legacy graphql-ws.
@Suite(.serialized) struct GQLInteropTests {
  static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Peers/gql_subscribe.py")

  @Test(arguments: ["multipart", "graphql-transport-ws", "graphql-ws"])
  func gqlResumesAfterAnEventIdThenGoesOnLive(transport: String) async throws {
    let peers = ServeMetricsTests.pythonPeers
    try #require(
      FileManager.default.fileExists(atPath: peers.appendingPathComponent("gql").path),
      "gql is not installed under .build/python-peers: run make test-deps")
    let directory = try TemporaryDirectory(prefix: "gql-\(transport)")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    try await ResumableSubscriptionTests.bookOneByOne(server, token: ada, launches: 1...3)
    let client = try WatchProcess(
      [Self.peer.path, server.endpoint.absoluteString, transport, "3", "1"], home: directory.path,
      executable: URL(fileURLWithPath: "/usr/bin/python3"), extraEnvironment: ["PYTHONPATH": peers.path])
    #expect(client.nextLine(timeout: 30) == #"{"tripsBooked": 1, "eventId": "2"}"#)
    #expect(client.nextLine() == #"{"tripsBooked": 1, "eventId": "3"}"#)
    try await ResumableSubscriptionTests.bookOneByOne(server, token: ada, launches: 4...4)
    #expect(client.nextLine() == #"{"tripsBooked": 1, "eventId": "4"}"#)
    #expect(client.waitForExit(timeout: 30) == 0, "\(client.remainingOutput().errors)")
  }
}
