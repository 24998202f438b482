import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `tripsBooked` end to end through a real `serve` process: bookings over HTTP reach WebSocket
/// subscribers of both subprotocols, a rolled-back or empty booking emits nothing, and SIGTERM
/// completes every subscription and closes the sockets with 1001.
@Suite(.serialized) struct ServeSubscriptionTests {
  static let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }"

  static func subscribed(_ server: ServeProcess, id: String = "1", token: String? = nil) throws
    -> WebSocketTestClient
  {
    let client = try WebSocketTestClient(port: server.port, subprotocols: "graphql-transport-ws")
    let payload = token.map { #"{"Authorization":"\#($0)"}"# } ?? "{}"
    client.send(text: #"{"type":"connection_init","payload":\#(payload)}"#)
    #expect(client.receive() == .text(#"{"type":"connection_ack"}"#))
    client.send(
      text: #"{"id":"\#(id)","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
    return client
  }

  /// A subscription starts on a task of its own, after its `subscribe` message: book and cancel
  /// until each client has seen a cancellation, reading everything they were sent.
  static func warmUp(_ server: ServeProcess, token: String, clients: [WebSocketTestClient]) async throws {
    var ready = Set<Int>()
    for client in clients { client.setReadTimeout(seconds: 1) }
    for _ in 0..<20 where ready.count < clients.count {
      _ = try await server.send(book, variables: ["ids": .array([.string("1")])], token: token)
      _ = try await server.send(#"mutation { cancelTrip(launchId: "1") { success } }"#, token: token)
      for (index, client) in clients.enumerated() {
        while case .text(let text)? = client.receive() {
          if text.contains(":-1}") { ready.insert(index) }
          if text.contains(":-1}") { break }
        }
      }
    }
    for client in clients { client.setReadTimeout(seconds: 15) }
    #expect(ready.count == clients.count)
  }

  @Test func bookingsAndCancellationsReachSubscribersInOrder() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-subscriptions")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    let transport = try Self.subscribed(server, token: ada)
    let legacy = try WebSocketTestClient(port: server.port, subprotocols: "graphql-ws")
    legacy.send(text: #"{"type":"connection_init","payload":{}}"#)
    #expect(legacy.receive() == .text(#"{"type":"connection_ack"}"#))
    #expect(legacy.receive() == .text(#"{"type":"ka"}"#))
    legacy.send(text: #"{"id":"L","type":"start","payload":{"query":"subscription S { n: tripsBooked }"}}"#)
    try await Self.warmUp(server, token: ada, clients: [transport, legacy])
    _ = try await server.send(Self.book, variables: ["ids": .array([.string("1")])], token: ada)
    _ = try await server.send(#"mutation { cancelTrip(launchId: "1") { success } }"#, token: ada)
    #expect(
      transport.receive()?.withoutEventID
        == .text(#"{"id":"1","type":"next","payload":{"data":{"tripsBooked":1}}}"#))
    #expect(
      transport.receive()?.withoutEventID
        == .text(#"{"id":"1","type":"next","payload":{"data":{"tripsBooked":-1}}}"#))
    #expect(
      legacy.receive()?.withoutEventID == .text(#"{"id":"L","type":"data","payload":{"data":{"n":1}}}"#))
    #expect(
      legacy.receive()?.withoutEventID == .text(#"{"id":"L","type":"data","payload":{"data":{"n":-1}}}"#))
    // Booking what is already booked, or an unknown launch, emits nothing; then +2 arrives next.
    _ = try await server.send(Self.book, variables: ["ids": .array([.string("2")])], token: ada)
    _ = try await server.send(
      Self.book, variables: ["ids": .array([.string("2"), .string("99999")])], token: ada)
    _ = try await server.send(
      Self.book, variables: ["ids": .array([.string("3"), .string("4")])], token: ada)
    #expect(
      transport.receive()?.withoutEventID
        == .text(#"{"id":"1","type":"next","payload":{"data":{"tripsBooked":1}}}"#))
    #expect(
      transport.receive()?.withoutEventID
        == .text(#"{"id":"1","type":"next","payload":{"data":{"tripsBooked":2}}}"#))
  }

  @Test func aBookingInAnotherProcessOnTheSameDataDirectoryReachesSubscribers() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-subscriptions")
    let listening = try ServeProcess(dataDirectory: directory.child("data"))
    let booking = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await booking.logIn("ada@example.com")
    let client = try Self.subscribed(listening)
    try await Self.warmUp(booking, token: ada, clients: [client])
    _ = try await booking.send(
      Self.book, variables: ["ids": .array([.string("11"), .string("12")])], token: ada)
    #expect(
      client.receive()?.withoutEventID
        == .text(#"{"id":"1","type":"next","payload":{"data":{"tripsBooked":2}}}"#))
  }

  @Test func anUnknownTokenInConnectionInitIsForbidden() throws {
    let directory = try TemporaryDirectory(prefix: "serve-subscriptions")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let client = try WebSocketTestClient(port: server.port, subprotocols: "graphql-transport-ws")
    client.send(text: #"{"type":"connection_init","payload":{"Authorization":"not-a-token"}}"#)
    #expect(client.receiveClose()?.code == 4403)
  }

  @Test func aPlainJSONSubscriptionGets406() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-subscriptions")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let (status, body) = try await server.send("subscription { tripsBooked }")
    #expect(status == 406)
    #expect(body["errors"]?[0]?["message"]?.stringValue?.contains("text/event-stream") == true)
  }

  @Test func sigtermDuring50OpenSubscriptionsCompletesThemAndCloses1001() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-subscriptions")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    var clients: [WebSocketTestClient] = []
    for index in 0..<50 { clients.append(try Self.subscribed(server, id: "s\(index)")) }
    try await Self.warmUp(server, token: ada, clients: clients)
    let status = server.terminate()
    for (index, client) in clients.enumerated() {
      #expect(client.receive() == .text(#"{"id":"s\#(index)","type":"complete"}"#))
      #expect(client.receiveClose()?.code == 1001)
    }
    #expect(status == 0)
  }
}
