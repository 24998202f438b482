import CMicroHTTPD

/// Long-lived answers (upgrades, streamed responses), each in a slot of `streaming` until its
/// connection ends.
extension ServerCore {
  /// Takes a long-lived slot for an upgrade; the answer is queued in the next call.
  func beginUpgrade(
    headers: [(name: StaticString, value: String)], adopt: @escaping HTTPResponder.Adoption, socket: Int32,
    exchange: HTTPExchange
  ) -> RequestState.Phase {
    if let refusal = longLivedRefusal(exchange) { return .afterHead(.respond(refusal), discarded: 0) }
    pendingUpgrades.withLock { $0[socket] = adopt }
    connections.becameLongLived(socket)
    return .upgradeAfterHead(headers)
  }

  /// The 503 for a long-lived connection the server cannot take now; else nil, its slot taken.
  private func longLivedRefusal(_ exchange: HTTPExchange) -> BufferedResponse? {
    if stopping.load(ordering: .relaxed) {
      return router.error(503, "The server is shutting down.", in: exchange)
    }
    guard streaming.reserve() else {
      return router.error(
        503, "Too many subscription connections (at most \(streaming.limit)); try again later.", in: exchange)
    }
    return nil
  }

  func queueUpgrade(
    _ headers: [(name: StaticString, value: String)], state: RequestState, connection: OpaquePointer
  ) -> MHD_Result {
    state.phase = .responded
    guard
      let response = MHD_create_response_for_upgrade(
        upgradeHandler, Unmanaged.passUnretained(self).toOpaque())
    else { return cmhd_no() }
    defer { MHD_destroy_response(response) }
    for field in headers {
      _ = field.value.withCString { MHD_add_response_header(response, Self.cString(field.name), $0) }
    }
    for field in state.exchange.responseHeaders { Self.addHeader(response, field) }
    let result = MHD_queue_response(connection, 101, response)
    if result == cmhd_yes() { state.exchange.status = 101 }
    return result
  }

  /// libmicrohttpd sent the 101 and hands the socket over.
  func upgraded(socket: Int32, upgrade: OpaquePointer, extraInput: [UInt8]) {
    guard let adopt = pendingUpgrades.withLock({ $0.removeValue(forKey: socket) }) else {
      connections.closed(socket)
      cmhd_upgrade_close(upgrade)
      return
    }
    adopt(UpgradedSocket(descriptor: socket, extraInput: extraInput, handle: upgrade, core: self))
  }

  /// An upgraded socket is about to close: forget it and give its slot back.
  func upgradedClosed(_ socket: Int32) {
    connections.closed(socket)
    streaming.release()
  }

  /// libmicrohttpd is about to close a connection's socket.
  func connectionClosed(_ socket: Int32) {
    connections.closed(socket)
    // An upgrade whose socket was never handed over gives its slot back.
    if pendingUpgrades.withLock({ $0.removeValue(forKey: socket) }) != nil { streaming.release() }
  }

  /// Queues a streamed response (in a long-lived slot) and starts its producer on the executor.
  func startStream(
    _ framing: StreamFraming, produce: @escaping @Sendable (StreamedBody) -> Void, state: RequestState,
    connection: OpaquePointer
  ) -> MHD_Result {
    let exchange = state.exchange
    if let refusal = longLivedRefusal(exchange) {
      return queue(refusal, state: state, connection: connection, close: stopping.load(ordering: .relaxed))
    }
    exchange.longLived = true
    // From now on the connection holds a long-lived slot, not one of the ordinary connections.
    connections.becameLongLived(cmhd_connection_fd(connection))
    let body = StreamedBody(framing: framing, connection: connection)
    let context = StreamContext(body: body, core: self)
    state.phase = .responded
    guard
      let response = cmhd_response_streamed(
        streamedBodyReader, Unmanaged.passRetained(context).toOpaque(), streamedBodyRelease)
    else {
      streaming.release()
      return cmhd_no()
    }
    defer { MHD_destroy_response(response) }
    Self.addHeader(response, "Content-Type", framing.contentType)
    for field in commonHeaders { Self.addHeader(response, field) }
    Self.addHeader(response, "Cache-Control", "no-cache")
    for field in exchange.responseHeaders { Self.addHeader(response, field) }
    let result = MHD_queue_response(connection, 200, response)
    guard result == cmhd_yes() else { return result }
    exchange.status = 200
    exchange.streamedBody = body
    streams.withLock { $0[ObjectIdentifier(body)] = body }
    // On the executor, not a Swift task: a blocking start would hold a cooperative thread.
    executor.submit(address: exchange.client) { produce(body) }
    let stallTimeout = stallTimeout
    body.own(
      Task {
        // A heartbeat every 5 s (as Apollo's router) keeps the connection inside the idle
        // timeout; each second a client that reads nothing is looked for.
        var quietSeconds = 0
        while (try? await Task.sleep(for: .seconds(1))) != nil {
          if body.endIfStalled(now: .now, timeout: stallTimeout) { return }
          quietSeconds += 1
          if quietSeconds >= 5 {
            quietSeconds = 0
            body.appendIfIdle(framing.heartbeat)
          }
        }
      })
    return result
  }

  /// A streamed response ended: forget it and give its slot back.
  func streamReleased(_ body: StreamedBody) {
    body.release()
    if streams.withLock({ $0.removeValue(forKey: ObjectIdentifier(body)) }) != nil { streaming.release() }
  }

  /// Streamed responses being sent now.
  var openStreamCount: Int { streams.withLock { $0.count } }

  /// Ends every streamed response with its closing marker (the server is stopping).
  func finishStreams() {
    for body in streams.withLock({ Array($0.values) }) { body.finish() }
  }
}

/// What a streamed response's callbacks reach through their `cls` (retained until released).
final class StreamContext: Sendable {
  let body: StreamedBody
  let core: ServerCore

  init(body: StreamedBody, core: ServerCore) {
    self.body = body
    self.core = core
  }
}
