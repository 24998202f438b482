import Foundation
import TestSupport
import Testing

/// `serve`'s WebSockets with an independent client: Python's `websockets` library (Debian's
/// python3-websockets, a test dependency in the Makefile) speaking graphql-transport-ws and the
/// legacy graphql-ws. Skipped where that library is missing.
@Suite(.serialized, .enabled(if: PythonWebSockets.available))
struct PythonWebSocketInteropTests {
  static let python = PythonWebSockets.python

  /// Subscribes to `tripsBooked` with `subprotocol` and prints each result's data as one line.
  static let client = """
    import asyncio, json, sys
    import websockets

    async def main(url, subprotocol):
        legacy = subprotocol == "graphql-ws"
        async with websockets.connect(url, subprotocols=[subprotocol]) as socket:
            assert socket.subprotocol == subprotocol, socket.subprotocol
            await socket.send(json.dumps({"type": "connection_init", "payload": {}}))
            while True:
                message = json.loads(await socket.recv())
                if message["type"] == "connection_ack":
                    break
            query = {"query": "subscription { tripsBooked }"}
            await socket.send(json.dumps({"id": "py", "type": "start" if legacy else "subscribe", "payload": query}))
            async for text in socket:
                message = json.loads(text)
                if message["type"] in ("next", "data") and message["id"] == "py":
                    print(json.dumps(message["payload"]["data"], separators=(",", ":")), flush=True)
                elif message["type"] == "ping":
                    await socket.send(json.dumps({"type": "pong"}))

    asyncio.run(main(sys.argv[1], sys.argv[2]))
    """

  @Test(arguments: ["graphql-transport-ws", "graphql-ws"])
  func aPythonClientReceivesBookings(subprotocol: String) async throws {
    let directory = try TemporaryDirectory(prefix: "python-ws")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    let url = server.endpoint.absoluteString.replacingOccurrences(of: "http://", with: "ws://")
    let client = try WatchProcess(
      ["-c", Self.client, url, subprotocol], home: directory.path, executable: Self.python)
    try await WatchCommandTests.warmUp([client]) {
      try await WatchCommandTests.bookAndCancel(server, token: ada)
    }
    _ = try await server.send(
      WatchCommandTests.book, variables: ["ids": .array([.string("3"), .string("4")])], token: ada)
    #expect(client.nextLine() == #"{"tripsBooked":2}"#)
    // SIGKILL: the interpreter inherits a signal mask that blocks SIGTERM from the test runner.
    _ = client.stop(with: SIGKILL)
  }
}

/// Where the Python interpreter is, and whether it has `websockets`.
enum PythonWebSockets {
  static let python = URL(fileURLWithPath: "/usr/bin/python3")

  static var available: Bool {
    guard FileManager.default.isExecutableFile(atPath: python.path),
      let result = try? runProcess(python, ["-c", "import websockets"])
    else { return false }
    return result.status == 0
  }
}
