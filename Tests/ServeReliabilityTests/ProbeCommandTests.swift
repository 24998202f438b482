import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `rocket-reserver probe URL` against five kinds of server: `serve` (everything), graphql-js's
/// plain JSON-over-POST server (the reference server of the benchmarks), graphql-core 3.3 (the
/// incremental-delivery peer of the client's tests), a web server that is not
/// GraphQL, and a server that speaks only graphql-transport-ws over WebSocket; and a port where
/// nothing listens.
@Suite struct ProbeCommandTests {
  /// Runs `probe` with `arguments` in a fresh home; returns the status and the output.
  private func probe(_ arguments: [String]) throws -> ProcessResult {
    let home = try TemporaryDirectory(prefix: "probe-home")
    return try runProcess(
      BuiltProduct.rocketReserver, ["probe"] + arguments,
      environment: [
        "HOME": home.path, "XDG_CONFIG_HOME": home.child("config"), "XDG_CACHE_HOME": home.child("cache"),
        "XDG_STATE_HOME": home.child("state"), "XDG_DATA_HOME": home.child("data"),
      ])
  }

  private func report(_ result: ProcessResult) throws -> JSON {
    try JSON(parsing: result.standardOutput)
  }

  @Test func serveSpeaksEveryProtocolItHas() throws {
    let directory = try TemporaryDirectory(prefix: "probe-serve")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let result = try probe(["--json", server.endpoint.absoluteString])
    #expect(result.status == 0, "\(result.standardError)")
    let found = try report(result)
    #expect(found["graphQL"] == .bool(true))
    #expect(
      found["post"] == .array([.string("application/graphql-response+json"), .string("application/json")]))
    #expect(found["get"] == .bool(true))
    #expect(found["validationErrorStatus"]?["application/graphql-response+json"] == .int(400))
    #expect(found["validationErrorStatus"]?["application/json"] == .int(200))
    #expect(found["introspection"] == .bool(true))
    #expect((found["schemaTypes"]?.intValue ?? 0) > 10)
    #expect(
      found["webSocketSubprotocols"] == .array([.string("graphql-transport-ws"), .string("graphql-ws")]))
    #expect(found["multipartSubscriptions"] == .bool(true))
    #expect(found["serverSentEvents"] == .bool(true))
    #expect(found["resumableSubscriptions"] == .bool(true))
    #expect(
      found["incrementalDelivery"]
        == .array([.string("incrementalSpec=v0.2"), .string("deferSpec=20220824")]))
    #expect(found["automaticPersistedQueries"] == .bool(true))
    #expect(found["onError"] == .bool(true))
    #expect(found["compression"] == .array([.string("gzip")]))
    #expect(
      (found["roundTripMilliseconds"].flatMap { if case .double(let value) = $0 { value } else { nil } } ?? -1)
        > 0)

    // The table says the same in words.
    let table = try probe([server.endpoint.absoluteString])
    #expect(table.status == 0)
    #expect(table.standardOutput.contains("WebSocket subprotocols   graphql-transport-ws, graphql-ws\n"))
    #expect(
      table.standardOutput.contains(
        "invalid document         400 (application/graphql-response+json), 200 (application/json)\n"))
    #expect(table.standardOutput.contains("persisted queries (APQ)  yes\n"))
    #expect(table.standardOutput.contains("onError (NULL, HALT)     yes\n"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node")))
  func graphqlJSOverPOSTSpeaksJSONAndNothingElse() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let node = Process()
    node.executableURL = URL(fileURLWithPath: "/usr/bin/node")
    node.arguments = [
      root.appendingPathComponent("Benchmarks/reference/reference-server.js").path, root.path, "0",
    ]
    let output = Pipe()
    node.standardOutput = output
    node.standardError = FileHandle.nullDevice
    try node.run()
    defer { node.terminate() }
    let line = String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
    let url = try #require(
      line.split(separator: " ").last.map { String($0).trimmingCharacters(in: .newlines) })

    let result = try probe(["--json", url])
    #expect(result.status == 0, "\(result.standardError)")
    let found = try report(result)
    #expect(found["graphQL"] == .bool(true))
    #expect(found["post"] == .array([.string("application/json")]))
    #expect(found["get"] == .bool(false))
    #expect(found["validationErrorStatus"]?["application/json"] == .int(200))
    #expect(found["introspection"] == .bool(true))
    #expect(found["webSocketSubprotocols"] == .array([]))
    // Its schema has tripsBooked, so subscriptions are tried: answered as one JSON document.
    #expect(found["multipartSubscriptions"] == .bool(false))
    #expect(found["serverSentEvents"] == .bool(false))
    #expect(found["resumableSubscriptions"] == .null)
    #expect(found["automaticPersistedQueries"] == .bool(false))
    // graphql-js does not read `onError`: it answers the probe's unknown value with data.
    #expect(found["onError"] == .bool(false))
    #expect(found["compression"] == .array([]))
  }

  /// graphql-core 3.3 behind a small Python HTTP server (the client's incremental-delivery peer):
  /// JSON only, GET, both `@defer` formats, APQ, no subscriptions and no compression.
  @Test(.enabled(if: IncrementalPeer.isAvailable))
  func graphqlCoreSpeaksIncrementalDeliveryAndNoSubscriptions() throws {
    let peer = try IncrementalPeer()
    let result = try probe(["--json", peer.endpoint.absoluteString])
    #expect(result.status == 0, "\(result.standardError)")
    let found = try report(result)
    #expect(found["graphQL"] == .bool(true))
    #expect(found["post"] == .array([.string("application/json")]))
    #expect(found["get"] == .bool(true))
    #expect(found["validationErrorStatus"]?["application/json"] == .int(200))
    #expect(found["introspection"] == .bool(true))
    #expect(found["webSocketSubprotocols"] == .array([]))
    #expect(
      found["incrementalDelivery"]
        == .array([.string("incrementalSpec=v0.2"), .string("deferSpec=20220824")]))
    #expect(found["automaticPersistedQueries"] == .bool(true))
    #expect(found["onError"] == .bool(false))
    #expect(found["compression"] == .array([]))

    let table = try probe([peer.endpoint.absoluteString])
    #expect(table.status == 0)
    #expect(
      table.standardOutput.contains(
        "multipart subscriptions  not tried (no subscription field without arguments)\n"))
    #expect(
      table.standardOutput.contains("incremental delivery     incrementalSpec=v0.2, deferSpec=20220824\n"))
  }

  @Test func aWebServerThatIsNotGraphQLIsNamedSo() throws {
    let stub = try LoopbackHTTPStub { _ in .html("<html><body>Not Found</body></html>", status: 404) }
    let result = try probe([stub.url().absoluteString])
    #expect(result.status == 1)
    #expect(
      result.standardOutput.contains(
        "GraphQL                 no: { __typename } was answered 404, text/html\n"),
      "\(result.standardOutput)")
  }

  @Test(.enabled(if: PythonWebSockets.available))
  func aWebSocketOnlyServerShowsItsSubprotocol() throws {
    let script = """
      import asyncio, sys
      import websockets

      async def handler(socket):
          await socket.wait_closed()

      async def main():
          async with websockets.serve(handler, "127.0.0.1", 0, subprotocols=["graphql-transport-ws"]) as server:
              print(server.sockets[0].getsockname()[1], flush=True)
              await asyncio.Future()

      asyncio.run(main())
      """
    let python = Process()
    python.executableURL = PythonWebSockets.python
    python.arguments = ["-c", script]
    let output = Pipe()
    python.standardOutput = output
    python.standardError = FileHandle.nullDevice
    try python.run()
    defer { python.terminate() }
    let port = String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try #require(Int(port) != nil, "the Python server printed \(port.debugDescription)")

    let result = try probe(["--json", "http://127.0.0.1:\(port)/graphql"])
    #expect(result.status == 1, "\(result.standardError)")
    let found = try report(result)
    #expect(found["graphQL"] == .bool(false))
    #expect(found["webSocketSubprotocols"] == .array([.string("graphql-transport-ws")]))
  }

  @Test func nothingListeningIsStatus69() throws {
    let unused = try LoopbackHTTPStub.closedPort()
    let result = try probe(["http://127.0.0.1:\(unused)/graphql"])
    #expect(result.status == 69)
    #expect(
      result.standardError.contains("cannot reach http://127.0.0.1:\(unused)/graphql: connection refused"))
  }
}
