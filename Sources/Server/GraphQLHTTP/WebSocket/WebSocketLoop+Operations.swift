import GraphQL
import GraphQLWire
import HTTPServer

/// What a connection's messages start and stop: the session's actions, and the operations, each
/// a task that posts its results back to the loop.
extension WebSocketLoop {
  func handleIncoming(_ connection: WebSocketConnection, serial: inout Int) {
    let incoming = connection.framing.incoming
    connection.framing.incoming = []
    for message in incoming {
      switch message {
      case .text(let text): perform(connection.session.received(text), on: connection, serial: &serial)
      case .binary: perform(connection.session.receivedBinary(), on: connection, serial: &serial)
      case .close:
        // wslay answers the close itself; the operations end with the connection.
        stopAll(connection)
      }
    }
  }

  func perform(
    _ actions: [SocketSessionAction], on connection: WebSocketConnection, serial: inout Int
  ) {
    for action in actions {
      switch action {
      case .send(let text):
        if !connection.framing.queue(text) { stopAll(connection) }
      case .start(let id, let request):
        serial += 1
        connection.operations[id] = WebSocketConnection.Operation(
          serial: serial, task: startOperation(request, connection: connection, id: id, serial: serial))
      case .stop(let id):
        connection.operations.removeValue(forKey: id)?.task.cancel()
      case .close(let code, let reason):
        stopAll(connection)
        connection.pendingClose = (code, reason)
        connection.closeDeadline = .now + .seconds(2)
      }
    }
  }

  func startOperation(
    _ request: GraphQLRequest, connection: WebSocketConnection, id: String, serial: Int
  )
    -> Task<Void, Never>
  {
    let authorization = connection.session.authorization
    let connectionID = connection.id
    let window = connection.window
    let service = connection.service ?? service
    return Task { [metrics] in
      // Each result is pulled only once the client has read enough of the previous ones.
      func emit<Results: AsyncSequence>(_ results: Results, _ encode: (Results.Element) -> [UInt8]) async
      where Results.Failure == Never {
        for await result in results {
          let bytes = encode(result)
          guard await window.reserve(bytes.count) else { return }
          post(connection: connectionID, id: id, serial: serial, .emitted(bytes))
        }
        if !Task.isCancelled { post(connection: connectionID, id: id, serial: serial, .finished) }
      }
      // A query or mutation with `@defer`/`@stream`: each payload one `next` message.
      switch StreamedOperation.start(
        request, authorization: authorization, service: service,
        incremental: IncrementalStreamFormat.mayDefer(request) ? .incrementalSpecV0_2 : nil, metrics: metrics,
        transport: .websocket)
      {
      case .single(let result): post(connection: connectionID, id: id, serial: serial, .answered(result))
      case .incremental(let payloads): await emit(payloads, \.body)
      case .subscription(let results):
        metrics?.subscriptions.add(1)
        defer { metrics?.subscriptions.add(-1) }
        await emit(results, \.body)
      }
    }
  }

  func stopAll(_ connection: WebSocketConnection) {
    for operation in connection.operations.values { operation.task.cancel() }
    connection.operations = [:]
  }
}
