import Foundation
import GraphQLHTTP
import Synchronization
import TestSupport
import Testing

extension BlockingSocketSuites {
  /// Both GraphQL WebSocket subprotocols against a real server on loopback, spoken by a client
  /// written from RFC 6455 and the protocols' documents (TestSupport's `WebSocketTestClient`).
  @Suite(.serialized) struct WebSocketTests {
    let service = StreamingFakeService()

    func startServer() throws -> TestServer {
      try TestServer(service: service)
    }

    func transportClient(_ server: TestServer, headers: [String] = []) throws -> WebSocketTestClient {
      try WebSocketTestClient(port: server.port, subprotocols: "graphql-transport-ws", headers: headers)
    }

    func initialised(_ server: TestServer, payload: String = "{}") throws -> WebSocketTestClient {
      let client = try transportClient(server)
      client.send(text: #"{"type":"connection_init","payload":\#(payload)}"#)
      #expect(client.receive() == .text(#"{"type":"connection_ack"}"#))
      return client
    }

    @Test func handshakeAnswers101WithTheAcceptValueAndTheChosenSubprotocol() throws {
      let server = try startServer()
      let client = try WebSocketTestClient(
        port: server.port, subprotocols: "chat, graphql-transport-ws, graphql-ws")
      #expect(client.header("sec-websocket-protocol") == "graphql-transport-ws")
      #expect(client.header("upgrade")?.lowercased() == "websocket")
      let legacy = try WebSocketTestClient(port: server.port, subprotocols: "graphql-ws")
      #expect(legacy.header("sec-websocket-protocol") == "graphql-ws")
    }

    @Test func aHandshakeWithoutAKnownSubprotocolOrVersionIsRefused() throws {
      let server = try startServer()
      #expect(throws: WebSocketTestClient.HandshakeFailed.self) {
        _ = try WebSocketTestClient(port: server.port, subprotocols: "chat")
      }
      let raw = try RawHTTPConnection(port: server.port)
      raw.send(
        "GET /graphql HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 8\r\n"
          + "Sec-WebSocket-Protocol: graphql-ws\r\n\r\n")
      #expect(raw.readResponse()?.status == 426)
    }

    @Test func subscribeStreamsNextMessagesAndCompleteStopsThem() throws {
      let server = try startServer()
      let client = try initialised(server)
      client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
      #expect(service.hub.waitForSubscribers(1))
      service.hub.publish(7)
      #expect(
        client.receive()
          == .text(#"{"id":"1","type":"next","payload":{"data":{"tick":7,"authorization":null}}}"#))
      service.hub.publish(-1)
      #expect(
        client.receive()
          == .text(#"{"id":"1","type":"next","payload":{"data":{"tick":-1,"authorization":null}}}"#))
      client.send(text: #"{"id":"1","type":"complete"}"#)
      // The source stream is released once the client completes.
      service.hub.waitForAtMost(0)
      #expect(service.hub.count == 0)
      // Ping answered with pong; a pong from the client is accepted silently.
      client.send(text: #"{"type":"pong"}"#)
      client.send(text: #"{"type":"ping"}"#)
      #expect(client.receive() == .text(#"{"type":"pong"}"#))
    }

    @Test func aStreamEndingOnTheServerSendsComplete() throws {
      let server = try startServer()
      let client = try initialised(server)
      client.send(text: #"{"id":"f","type":"subscribe","payload":{"query":"subscription finite { tick }"}}"#)
      #expect(service.hub.waitForSubscribers(1))
      service.hub.publish(1)
      service.hub.publish(2)
      #expect(client.receiveJSON()?["type"] as? String == "next")
      #expect(client.receiveJSON()?["type"] as? String == "next")
      #expect(client.receive() == .text(#"{"id":"f","type":"complete"}"#))
    }

    @Test func queriesAndMutationsWorkOverTheSocketAndRequestErrorsEndWithError() throws {
      let server = try startServer()
      let client = try initialised(server, payload: #"{"Authorization":"Bearer abc"}"#)
      client.send(text: #"{"id":"q","type":"subscribe","payload":{"query":"mutation { book }"}}"#)
      let next = try #require(client.receiveJSON())
      #expect(next["type"] as? String == "next")
      let echo = ((next["payload"] as? [String: Any])?["data"] as? [String: Any])?["echo"] as? [String: Any]
      #expect(echo?["query"] as? String == "mutation { book }")
      #expect(echo?["authorization"] as? String == "Bearer abc")
      #expect(client.receive() == .text(#"{"id":"q","type":"complete"}"#))
      client.send(text: #"{"id":"v","type":"subscribe","payload":{"query":"{ validationError }"}}"#)
      let error = try #require(client.receiveJSON())
      #expect(error["type"] as? String == "error")
      #expect(
        ((error["payload"] as? [[String: Any]])?.first?["message"] as? String)?.contains("validationError")
          == true)
    }

    @Test func theAuthorizationHeaderReachesOperations() throws {
      let server = try startServer()
      let client = try transportClient(server, headers: ["Authorization: token-from-header"])
      client.send(text: #"{"type":"connection_init"}"#)
      #expect(client.receive() == .text(#"{"type":"connection_ack"}"#))
      client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
      #expect(service.hub.waitForSubscribers(1))
      service.hub.publish(3)
      let next = try #require(client.receiveJSON())
      let data = (next["payload"] as? [String: Any])?["data"] as? [String: Any]
      #expect(data?["authorization"] as? String == "token-from-header")
    }

    @Test func everyCloseCode() throws {
      let server = try startServer()
      // 4400: not JSON, and an unknown type.
      var client = try transportClient(server)
      client.send(text: "not json")
      #expect(client.receiveClose()?.code == 4400)
      client = try initialised(server)
      client.send(text: #"{"type":"shout"}"#)
      #expect(client.receiveClose()?.code == 4400)
      // 4401: subscribe before the ack.
      client = try transportClient(server)
      client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
      #expect(client.receiveClose()?.code == 4401)
      // 4403: a refused credential in connection_init.
      client = try transportClient(server)
      client.send(text: #"{"type":"connection_init","payload":{"Authorization":"forbidden"}}"#)
      #expect(client.receiveClose()?.code == 4403)
      // 4409: an id already subscribed.
      client = try initialised(server)
      client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
      client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
      let duplicate = client.receiveClose()
      #expect(duplicate?.code == 4409)
      #expect(duplicate?.reason == "Subscriber for 1 already exists")
      // 4429: a second connection_init.
      client = try initialised(server)
      client.send(text: #"{"type":"connection_init"}"#)
      #expect(client.receiveClose()?.code == 4429)
      // After the close handshake the server closes the TCP connection.
      client.sendClose(code: 4429)
      #expect(client.closedWithin(milliseconds: 3000))
    }

    @Test func noConnectionInitWithinTenSecondsCloses4408() throws {
      let server = try startServer()
      let client = try transportClient(server)
      let started = ContinuousClock.now
      let close = client.receiveClose()
      #expect(close?.code == 4408)
      #expect(close?.reason == "Connection initialisation timeout")
      #expect(ContinuousClock.now - started >= .seconds(9))
    }

    @Test func webSocketPingsAreAnsweredWithPongs() throws {
      let server = try startServer()
      let client = try initialised(server)
      client.sendFrame(opcode: 0x9, payload: Array("hi".utf8))
      #expect(client.receive() == .pong(Array("hi".utf8)))
    }

    @Test func atMost100OperationsPerConnection() throws {
      let server = try startServer()
      let client = try initialised(server)
      for index in 0..<100 {
        client.send(
          text: #"{"id":"s\#(index)","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
      }
      #expect(service.hub.waitForSubscribers(100))
      client.send(text: #"{"id":"extra","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
      let refused = try #require(client.receiveJSON())
      #expect(refused["type"] as? String == "error")
      #expect(refused["id"] as? String == "extra")
      #expect(service.hub.count == 100)
    }

    @Test func legacyProtocolByteForByte() throws {
      let server = try startServer()
      let client = try WebSocketTestClient(port: server.port, subprotocols: "graphql-ws")
      client.send(text: #"{"type":"connection_init","payload":{"authToken":"legacy-token"}}"#)
      #expect(client.receive() == .text(#"{"type":"connection_ack"}"#))
      #expect(client.receive() == .text(#"{"type":"ka"}"#))
      client.send(text: #"{"id":"1","type":"start","payload":{"query":"subscription { tick }"}}"#)
      #expect(service.hub.waitForSubscribers(1))
      service.hub.publish(2)
      #expect(
        client.receive()
          == .text(#"{"id":"1","type":"data","payload":{"data":{"tick":2,"authorization":"legacy-token"}}}"#))
      client.send(text: #"{"id":"1","type":"stop"}"#)
      #expect(client.receive() == .text(#"{"id":"1","type":"complete"}"#))
      client.send(text: #"{"id":"2","type":"start","payload":{"query":"{ hello }"}}"#)
      #expect(client.receiveJSON()?["type"] as? String == "data")
      #expect(client.receive() == .text(#"{"id":"2","type":"complete"}"#))
      client.send(text: #"{"id":"3","type":"start","payload":{"query":"{ validationError }"}}"#)
      let error = try #require(client.receiveJSON())
      #expect(error["type"] as? String == "error")
      #expect(error["id"] as? String == "3")
      // Keep-alives keep coming.
      #expect(client.receive() == .text(#"{"type":"ka"}"#))
      client.send(text: #"{"type":"connection_terminate"}"#)
      #expect(client.receiveClose()?.code == 1000)
    }

    @Test func stoppingTheServerCompletesOperationsAndCloses1001() throws {
      let server = try startServer()
      var clients: [WebSocketTestClient] = []
      for index in 0..<50 {
        let client = try initialised(server)
        client.send(
          text: #"{"id":"op\#(index)","type":"subscribe","payload":{"query":"subscription { tick }"}}"#)
        clients.append(client)
      }
      #expect(service.hub.waitForSubscribers(50))
      server.server.stop()
      for (index, client) in clients.enumerated() {
        #expect(client.receive() == .text(#"{"id":"op\#(index)","type":"complete"}"#))
        #expect(client.receiveClose()?.code == 1001)
      }
      service.hub.waitForAtMost(0)
      #expect(service.hub.count == 0)
    }

    @Test func aClientThatNeverReadsIsClosed4499WithoutSlowingOthers() throws {
      var configuration = GraphQLHTTPServer.Configuration(connectionTimeoutSeconds: 2, threads: 2)
      configuration.stalledSubscriberSeconds = 1
      let server = try TestServer(service: service, configuration: configuration)
      let reader = try initialised(server)
      reader.send(text: #"{"id":"r","type":"subscribe","payload":{"query":"subscription big { tick }"}}"#)
      // No small receive buffer here: it would make the stuck client's late reading crawl.
      let stuck = try initialised(server)
      stuck.send(text: #"{"id":"s","type":"subscribe","payload":{"query":"subscription big { tick }"}}"#)
      #expect(service.hub.waitForSubscribers(2))
      // 64 KiB per event: the client that reads nothing stops taking events once its window and
      // the kernel's buffers are full, and after a second without progress it is closed as too
      // slow; the one that reads gets every event all along.
      var received = 0
      for value in 0..<400 where service.hub.count > 1 {
        service.hub.publish(value)
        guard case .text(let text)? = reader.receive(), text.contains(#""tick":\#(value),"#) else { break }
        received += 1
        usleep(5_000)
      }
      service.hub.waitForAtMost(1)
      #expect(service.hub.count == 1)
      #expect(received > 16)
      service.hub.publish(-5)
      guard case .text(let text)? = reader.receive() else {
        Issue.record("the reading client got nothing after the other was dropped")
        return
      }
      #expect(text.contains(#""tick":-5,"#))
      // Reading now, the stuck client finds what was sent before the end, then close 4499: a
      // client can tell this from a normal end and subscribe again.
      var close: (code: UInt16?, reason: String)?
      for _ in 0..<10_000 {
        guard let frame = stuck.receive() else { break }
        if case .close(let code, let reason) = frame {
          close = (code, reason)
          break
        }
      }
      #expect(close?.code == 4499)
      #expect(close?.reason.hasPrefix("SUBSCRIBER_TOO_SLOW") == true)
    }

    @Test func forbiddenControlFramesAreClosed1002() throws {
      let server = try startServer()
      // A ping with 200 bytes of payload (at most 125 are allowed).
      var client = try initialised(server)
      client.sendFrame(opcode: 0x9, payload: [UInt8](repeating: 0x70, count: 200))
      var close = client.receiveClose()
      #expect(close?.code == 1002)
      #expect(close?.reason.contains("125 bytes") == true)
      // A fragmented ping.
      client = try initialised(server)
      client.sendFrame(opcode: 0x9, payload: Array("half".utf8), fin: false)
      close = client.receiveClose()
      #expect(close?.code == 1002)
      #expect(close?.reason.contains("fragmented") == true)
      #expect(client.closedWithin(milliseconds: 3000))
    }

    @Test func aMessageOverTheLimitIsClosed1009NotReset() throws {
      let server = try startServer()
      let client = try initialised(server)
      // The server reads (and drops) the rest of the message after its close, so the client
      // gets the close frame instead of a reset.
      client.send(text: String(repeating: "x", count: (1 << 20) + 10))
      #expect(client.receiveClose()?.code == 1009)
    }

    @Test func aClientThatSendsFasterThanItReadsIsClosed1008() throws {
      let server = try startServer()
      let client = try initialised(server)
      // A receive buffer of 256 KiB: the kernel would otherwise take tens of MiB of pongs.
      client.shrinkReceiveBuffer(to: 256 << 10)
      // 16 MiB of pings, none of whose pongs is read while they go out: more than the kernel's
      // buffers (a few MiB towards the client) and the server's 1 MiB bound for unread output
      // hold. The server stops reading once its bound is reached, so what it has not read waits in
      // the buffers towards it; the client reads only once everything was sent.
      let ping = WebSocketTestClient.maskedFrame(opcode: 0x9, payload: [UInt8](repeating: 0x70, count: 125))
      let count = (16 << 20) / ping.count
      let flood = Array([[UInt8]](repeating: ping, count: count).joined())
      // Sending (a plain send(2) on the socket) and receiving (which alone touches the client's
      // buffer) on two threads; the client starts reading once its sending stalled, that is once
      // the server stopped reading from it.
      nonisolated(unsafe) let sending = client
      let progress = Atomic<Int>(0)
      Thread {
        var offset = 0
        while offset < flood.count {
          let end = min(offset + (64 << 10), flood.count)
          guard sending.sendRaw(Array(flood[offset..<end])) else { break }
          offset = end
          progress.store(offset, ordering: .relaxed)
        }
      }.start()
      var last = -1
      var stillFor = 0
      for _ in 0..<600 where stillFor < 4 {
        usleep(50_000)
        let now = progress.load(ordering: .relaxed)
        stillFor = now == last ? stillFor + 1 : 0
        last = now
      }
      #expect(last < flood.count, "the server read all of the flood")
      var pongs = 0
      var close: (code: UInt16?, reason: String)?
      while let frame = client.receive() {
        if case .pong = frame { pongs += 1 }
        if case .close(let code, let reason) = frame {
          close = (code, reason)
          break
        }
      }
      #expect(close?.code == 1008)
      #expect(close?.reason.contains("faster than it reads") == true)
      #expect(pongs < count)
    }
  }
}
