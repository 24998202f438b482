import Foundation
import GraphQLHTTP
import TestSupport
import Testing

extension BlockingSocketSuites {
  /// Apollo's HTTP multipart subscriptions and graphql-sse's distinct connections mode, read from
  /// a raw socket and parsed here (HTTP/1.1 chunked framing, multipart parts, SSE events) without
  /// any of the server's code.
  @Suite(.serialized) struct StreamedSubscriptionTests {
    let service = StreamingFakeService()

    /// Reads a chunked HTTP response incrementally: the head, then the body as it arrives.
    final class ChunkedReader {
      let connection: RawHTTPConnection
      var buffer: [UInt8] = []
      var body: [UInt8] = []
      /// The body's chunks as they were framed (the server writes each part as one).
      var chunks: [[UInt8]] = []
      var ended = false
      private(set) var head = ""

      init(port: UInt16, accept: String, query: String) throws {
        connection = try RawHTTPConnection(port: port, readTimeoutSeconds: 15)
        let payload = #"{"query":"\#(query)"}"#
        connection.send(
          "POST /graphql HTTP/1.1\r\nHost: x\r\nAccept: \(accept)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(payload.utf8.count)\r\n\r\n\(payload)")
        var headEnd = buffer.firstRange(of: Array("\r\n\r\n".utf8))
        while headEnd == nil {
          guard let chunk = connection.receiveSome() else { return }
          buffer += chunk
          headEnd = buffer.firstRange(of: Array("\r\n\r\n".utf8))
        }
        guard let end = headEnd else { return }
        head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        buffer.removeSubrange(..<end.upperBound)
      }

      func header(_ name: String) -> String? {
        for line in head.split(separator: "\r\n") {
          let parts = line.split(separator: ":", maxSplits: 1)
          if parts.count == 2, parts[0].lowercased() == name {
            return parts[1].trimmingCharacters(in: .whitespaces)
          }
        }
        return nil
      }

      /// Decodes complete chunks into `body` until `body` holds `marker` or the stream ends.
      func read(until marker: String) -> Bool {
        while true {
          decodeChunks()
          if String(decoding: body, as: UTF8.self).contains(marker) { return true }
          if ended { return false }
          guard let chunk = connection.receiveSome() else { return false }
          buffer += chunk
        }
      }

      private func decodeChunks() {
        while let lineEnd = buffer.firstRange(of: Array("\r\n".utf8)) {
          let sizeText = String(decoding: buffer[..<lineEnd.lowerBound], as: UTF8.self)
          guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { return }
          let start = lineEnd.upperBound
          guard buffer.count >= start + size + 2 else { return }
          body += buffer[start..<(start + size)]
          if size > 0 { chunks.append(Array(buffer[start..<(start + size)])) }
          buffer.removeSubrange(..<(start + size + 2))
          if size == 0 { ended = true }
        }
      }
    }

    /// The JSON of each multipart part (RFC 2046 framing with boundary `graphql`).
    static func parts(_ body: [UInt8]) -> [String] {
      let text = String(decoding: body, as: UTF8.self)
      return text.components(separatedBy: "\r\n--graphql").dropFirst().compactMap { part in
        guard let split = part.range(of: "\r\n\r\n") else { return nil }
        return String(part[split.upperBound...])
      }
    }

    /// Each SSE event's name and data lines (text/event-stream, HTML Living Standard 9.2).
    static func events(_ body: [UInt8]) -> [(event: String, data: String)] {
      String(decoding: body, as: UTF8.self).components(separatedBy: "\n\n").compactMap { block in
        var event = "message"
        var data: [String] = []
        var seen = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix(":") {
          seen = true
          if line.hasPrefix("event:") { event = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
          if line.hasPrefix("data:") {
            data.append(String(line.dropFirst(5)).trimmingCharacters(in: .whitespaces))
          }
        }
        return seen ? (event, data.joined(separator: "\n")) : nil
      }
    }

    @Test func multipartStreamsPartsHeartbeatsAndTheEnd() throws {
      let server = try TestServer(service: service)
      let reader = try ChunkedReader(
        port: server.port, accept: "multipart/mixed;subscriptionSpec=1.0,application/json",
        query: "subscription finite { tick }")
      #expect(reader.head.hasPrefix("HTTP/1.1 200"))
      #expect(reader.header("content-type") == #"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#)
      #expect(reader.header("transfer-encoding") == "chunked")
      #expect(service.hub.waitForSubscribers(1))
      service.hub.publish(4)
      // The part and the delimiter that ends it leave together, so a reader that waits for that
      // delimiter (RFC 2046) has the part at once, not with the next part or heartbeat.
      let event = #"{"payload":{"data":{"tick":4,"authorization":null}}}"#
      #expect(reader.read(until: event))
      let partChunk = reader.chunks.last { String(decoding: $0, as: UTF8.self).contains(event) }
      // And it says its length, which aiohttp's reader (Python's gql) needs to end it at once.
      // (The opening delimiter, written once the subscription started, may share its chunk.)
      #expect(
        partChunk.map { String(decoding: $0, as: UTF8.self) }?.hasSuffix(
          "\r\ncontent-type: application/json\r\ncontent-length: \(event.utf8.count)\r\n\r\n\(event)\r\n--graphql"
        ) == true)
      // A heartbeat comes within about 5 s of nothing happening, also with its delimiter.
      #expect(reader.read(until: "{}"))
      service.hub.publish(-1)
      #expect(reader.read(until: "--graphql--"))
      let parts = Self.parts(reader.body)
      #expect(parts.contains(#"{"payload":{"data":{"tick":4,"authorization":null}}}"#))
      #expect(parts.contains("{}"))
      #expect(parts.contains(#"{"payload":{"data":{"tick":-1,"authorization":null}}}"#))
      #expect(reader.body.suffix(15) == Array("\r\n--graphql--\r\n".utf8))
    }

    @Test func streamedResponsesHoldLongLivedSlotsNotOrdinaryConnections() throws {
      var configuration = GraphQLHTTPServer.Configuration(connectionTimeoutSeconds: 10, threads: 2)
      configuration.connectionLimit = 4
      let server = try TestServer(service: service, configuration: configuration)
      // Twice as many streams as ordinary connections are allowed: each is answered, and an
      // ordinary request still gets through (streams used to count as ordinary connections,
      // so the fifth was reset on accept).
      var readers: [ChunkedReader] = []
      for accept in Array(repeating: ["text/event-stream", "multipart/mixed;subscriptionSpec=1.0"], count: 4)
        .joined()
      {
        let reader = try ChunkedReader(
          port: server.port, accept: accept, query: "subscription finite { tick }")
        #expect(reader.head.hasPrefix("HTTP/1.1 200"), "stream \(readers.count + 1): \(reader.head)")
        readers.append(reader)
      }
      let plain = try RawHTTPConnection(port: server.port)
      plain.send(
        "GET /graphql?query=%7B__typename%7D HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n")
      #expect(plain.readResponse()?.status == 200)
    }

    @Test func serverSentEventsInDistinctConnectionsMode() throws {
      let server = try TestServer(service: service)
      let reader = try ChunkedReader(
        port: server.port, accept: "text/event-stream", query: "subscription finite { tick }")
      #expect(reader.header("content-type")?.hasPrefix("text/event-stream") == true)
      #expect(service.hub.waitForSubscribers(1))
      service.hub.publish(2)
      service.hub.publish(3)
      #expect(reader.read(until: "event: complete"))
      let events = Self.events(reader.body)
      #expect(events.map(\.event) == ["next", "next", "complete"])
      #expect(events.first?.data == #"{"data":{"tick":2,"authorization":null}}"#)
    }

    @Test func aQueryOverSSEIsOneEventThenComplete() throws {
      let server = try TestServer(service: service)
      let reader = try ChunkedReader(port: server.port, accept: "text/event-stream", query: "{ hello }")
      #expect(reader.read(until: "event: complete"))
      #expect(Self.events(reader.body).map(\.event) == ["next", "complete"])
    }

    @Test(arguments: ["multipart/mixed;subscriptionSpec=1.0,application/json", "text/event-stream"])
    func aReaderThatTakesNothingGetsSubscriberTooSlowNotABareEnd(accept: String) async throws {
      var configuration = GraphQLHTTPServer.Configuration(connectionTimeoutSeconds: 10, threads: 2)
      configuration.stalledSubscriberSeconds = 1
      let server = try TestServer(service: service, configuration: configuration)
      let reader = try ChunkedReader(port: server.port, accept: accept, query: "subscription big { tick }")
      reader.connection.shrinkReceiveBuffer(to: 256 << 10)
      #expect(service.hub.waitForSubscribers(1))
      // 64 KiB events that nobody reads: the server sends until the buffers are full, then, after
      // a second without progress (looked at once a second, on a task), ends the subscription.
      // Events are published until it has: a fixed count of them (2,000, 2 ms apart) could run out
      // before a loaded machine got there, and sleeping on the task, not the thread, leaves the
      // server's tasks a thread to run on.
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(60)
      var value = 0
      while service.hub.count > 0 && clock.now < deadline {
        service.hub.publish(value)
        value += 1
        try await Task.sleep(for: .milliseconds(2))
      }
      #expect(service.hub.count == 0)
      // Reading now: what was sent, then an error the client can tell from a normal end.
      #expect(reader.read(until: "SUBSCRIBER_TOO_SLOW"))
      if accept.hasPrefix("multipart") {
        #expect(reader.read(until: "--graphql--"))
        let last = Self.parts(reader.body).last
        #expect(last?.hasPrefix(#"{"payload":null,"errors":[{"message":"#) == true)
      } else {
        #expect(reader.read(until: "event: complete"))
        let events = Self.events(reader.body)
        #expect(events.suffix(2).map(\.event) == ["error", "complete"])
      }
    }

    @Test func stoppingTheServerEndsStreams() throws {
      let server = try TestServer(service: service)
      let multipart = try ChunkedReader(
        port: server.port, accept: "multipart/mixed;subscriptionSpec=1.0", query: "subscription { tick }")
      let sse = try ChunkedReader(
        port: server.port, accept: "text/event-stream", query: "subscription { tick }")
      #expect(service.hub.waitForSubscribers(2))
      server.server.stop()
      #expect(multipart.read(until: "--graphql--"))
      #expect(sse.read(until: "event: complete"))
    }
  }
}
