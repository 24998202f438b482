import CMicroHTTPD
import GraphQL
import Synchronization

/// The part of a server that libmicrohttpd's callbacks reach through their `cls` pointer.
///
/// Sendable: every stored property is immutable and Sendable, or atomic. Its lifetime covers the
/// daemon's: `GraphQLHTTPServer` owns it and stops the daemon before releasing it.
final class ServerCore: Sendable {
  let handler: GraphQLHTTPHandler
  let accessLog: any AccessLog
  let maxBodyBytes: Int
  /// Head deadlines and lingering closes (see `ConnectionGuard`).
  let connections: ConnectionGuard
  /// Requests whose head arrived and whose completion was not yet reported.
  let inFlight = Atomic<Int>(0)
  /// Connections suspended for an execution whose answer was not yet queued: libmicrohttpd
  /// aborts when stopped with a suspended connection, so `stop` waits for none to be left.
  let suspendedExecutions = Atomic<Int>(0)
  /// Set when a graceful stop began: responses then ask clients to close the connection.
  let stopping = Atomic<Bool>(false)
  /// Long-lived connections (WebSockets, streamed subscriptions) and their limit.
  let streaming: StreamingBudget
  /// The upgraded WebSockets.
  let webSockets: WebSocketLoops
  /// How long bytes may wait unread by a subscriber before its stream ends as too slow.
  let stallTimeout: Duration
  /// The most ordinary (not long-lived) connections at once; libmicrohttpd's own limit is this
  /// plus the long-lived ones', so the accept policy enforces this one.
  let connectionLimit: Int
  /// The largest request head (request line and headers) answered; a larger one gets 431.
  let maxHeadBytes: Int
  /// Connection memory kept beyond `maxHeadBytes` for building the answer.
  static let answerReserveBytes = 8 << 10
  /// Runs GraphQL executions off libmicrohttpd's threads, in turn between client addresses.
  let executor: FairExecutor
  /// Streamed subscription responses being sent.
  private let streams = Mutex<[ObjectIdentifier: StreamedBody]>([:])
  /// Handshakes answered with 101 whose socket libmicrohttpd has not handed over yet, by socket.
  private let pendingUpgrades = Mutex<[Int32: PendingUpgrade]>([:])

  private struct PendingUpgrade {
    let subprotocol: WebSocketSubprotocol
    let authorization: String?
  }

  init(
    service: any GraphQLService, accessLog: any AccessLog, maxBodyBytes: Int, headTimeout: Duration,
    maxStreamingConnections: Int = 10_000, connectionLimit: Int = 1024, maxHeadBytes: Int = 64 << 10,
    maxOperationsPerConnection: Int = 100,
    executionThreads: Int = 4, maxExecutionsPerAddress: Int = 2, webSocketThreads: Int = 1,
    stallTimeout: Duration = .seconds(8)
  ) {
    self.stallTimeout = stallTimeout
    self.connectionLimit = connectionLimit
    self.maxHeadBytes = maxHeadBytes
    executor = FairExecutor(threads: executionThreads, maxPerAddress: maxExecutionsPerAddress)
    handler = GraphQLHTTPHandler(service: service, maxBodyBytes: maxBodyBytes)
    self.accessLog = accessLog
    self.maxBodyBytes = maxBodyBytes
    let connections = ConnectionGuard(headTimeout: headTimeout, lingerBytes: Self.discardLimit(maxBodyBytes))
    let streaming = StreamingBudget(limit: maxStreamingConnections)
    self.connections = connections
    self.streaming = streaming
    webSockets = WebSocketLoops(count: webSocketThreads) {
      WebSocketLoop(
        service: service, maxOperationsPerConnection: maxOperationsPerConnection, stallTimeout: stallTimeout,
        socketClosing: { socket in
          connections.closed(socket)
          streaming.release()
        })
    }
  }

  /// The access handler (see `MHD_AccessHandlerCallback`): first call with the head, then one per
  /// body chunk, then a last one with no data.
  func handle(
    connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>,
    requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    if let existing = requestSlot.pointee {
      let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
      return proceed(state, connection: connection, uploadData: uploadData, uploadDataSize: uploadDataSize)
    }
    let state = RequestState(
      method: method.map { String(cString: $0) } ?? "", path: url.map { String(cString: $0) } ?? "",
      client: Self.clientAddress(connection))
    requestSlot.pointee = Unmanaged.passRetained(state).toOpaque()
    inFlight.add(1, ordering: .relaxed)
    let socket = cmhd_connection_fd(connection)
    connections.headReceived(socket)
    if cmhd_request_head_size(connection) > maxHeadBytes {
      connections.lingerAfterClose(socket)
      return queue(
        .error(431, "The request's header fields are larger than \(maxHeadBytes / 1024) KiB in all."),
        state: state,
        connection: connection, close: true)
    }
    if let rejection = MHDRequestHead.framing(connection, method: method, version: version).rejection() {
      // The body's framing is unknown or untrusted: nothing after this head can be read as a
      // request, so the connection closes (after draining what the client still sends).
      connections.lingerAfterClose(socket)
      return queue(
        .error(rejection.status, rejection.message), state: state, connection: connection, close: true)
    }
    let head = MHDRequestHead(connection: connection, method: state.head.method, route: state.head.route)
    if state.head.route == .graphQL, WebSocketHandshake.isUpgrade(head) {
      state.phase = beginUpgrade(head, socket: socket)
      return cmhd_yes()
    }
    if state.head.route == .graphQL, state.head.method == .post,
      case .value(let accept) = head.header("Accept"), let format = StreamFormat.negotiate(accept: accept),
      case .value(let contentType) = head.header("Content-Type"),
      MediaTypeNegotiation.isJSONContentType(contentType),
      (head.contentLength ?? 0) <= maxBodyBytes
    {
      state.phase = .readingStreamBody(format)
      return cmhd_yes()
    }
    switch handler.begin(head) {
    case .respond(let response):
      guard (head.contentLength ?? 0) > 0 || head.header("Transfer-Encoding") != .absent else {
        // libmicrohttpd 0.9.75 closes the connection after any response queued in this first
        // call; answering in the next one (which comes at once, as there is no body) keeps it.
        state.phase = .answerAfterHead(response)
        return cmhd_yes()
      }
      // Answered before the body was read: libmicrohttpd closes the connection then (it cannot
      // skip an unread body), so say so, and linger so that the client reads the answer.
      connections.lingerAfterClose(socket)
      return queue(response, state: state, connection: connection, close: true)
    case .execute(let execution):
      // Started in the next call, as an answer queued in this one would close the connection.
      state.phase = .executeAfterHead(execution, discarded: 0)
      return cmhd_yes()
    case .readBody(let media):
      state.phase = .readingBody(media)
      // Reserve what is announced, but not more than 64 KiB up front: a client that announces
      // a megabyte and sends nothing must not make the server commit that memory.
      state.body.reserveCapacity(min(head.contentLength ?? 4096, maxBodyBytes, 64 << 10))
      return cmhd_yes()
    }
  }

  /// The completion callback: logs the request and forgets its state.
  func complete(connection: OpaquePointer?, requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
    if let connection { connections.requestCompleted(cmhd_connection_fd(connection)) }
    guard let existing = requestSlot.pointee else { return }
    requestSlot.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(existing).takeRetainedValue()
    // Closed before its answer was queued (the client went away while it executed).
    if case .executing = state.phase { suspendedExecutions.subtract(1, ordering: .releasing) }
    accessLog.record(state.logEntry())
    inFlight.subtract(1, ordering: .releasing)
  }

  private func proceed(
    _ state: RequestState, connection: OpaquePointer, uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>
  ) -> MHD_Result {
    let size = uploadDataSize.pointee
    uploadDataSize.pointee = 0
    switch state.phase {
    case .responded:
      // A response is already queued: whatever still arrives is dropped.
      return cmhd_yes()
    case .answerAfterHead(let response):
      return size == 0 ? queue(response, state: state, connection: connection) : cmhd_yes()
    case .upgradeAfterHead(let handshake):
      return size == 0 ? queueUpgrade(handshake, state: state, connection: connection) : cmhd_yes()
    case .executeAfterHead(let execution, let discarded):
      if size == 0 { return execute(execution, state: state, connection: connection) }
      guard discarded + size <= Self.discardLimit(maxBodyBytes) else { return cmhd_no() }
      state.phase = .executeAfterHead(execution, discarded: discarded + size)
      return cmhd_yes()
    case .suspendingNext(let execution):
      return suspend(execution, state: state, connection: connection)
    case .executing(let slot):
      // Called again once the execution filled the slot and resumed the connection.
      guard let response = slot.take() else { return cmhd_yes() }
      suspendedExecutions.subtract(1, ordering: .releasing)
      return queue(response, state: state, connection: connection)
    case .discardingBody(let media, let discarded):
      if size == 0 {
        // The whole oversized body has arrived: now libmicrohttpd can send the answer.
        return queue(handler.payloadTooLarge(media), state: state, connection: connection, close: true)
      }
      // A client that keeps sending long after the limit is cut off instead of being read forever.
      guard discarded + size <= Self.discardLimit(maxBodyBytes) else { return cmhd_no() }
      state.phase = .discardingBody(media, discarded: discarded + size)
      return cmhd_yes()
    case .readingBody(let media):
      return read(
        state, media: media, connection: connection, uploadData: uploadData, size: size)
    case .readingStreamBody(let format):
      guard size == 0 else {
        guard state.body.count + size <= maxBodyBytes else { return cmhd_no() }
        if let uploadData {
          UnsafeRawPointer(uploadData).withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
            state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
          }
        }
        return cmhd_yes()
      }
      return startStream(format, state: state, connection: connection)
    }
  }

  /// Checks a WebSocket handshake and takes a long-lived slot for it; the answer (101, or an
  /// error) is queued in the next call, like every answer decided by the head alone.
  private func beginUpgrade(_ head: MHDRequestHead, socket: Int32) -> RequestState.Phase {
    let handshake: WebSocketHandshake
    do {
      handshake = try WebSocketHandshake.accept(head)
    } catch {
      return .answerAfterHead(.error(error.status, error.message))
    }
    guard !stopping.load(ordering: .relaxed) else {
      return .answerAfterHead(.error(503, "The server is shutting down."))
    }
    guard streaming.reserve() else {
      return .answerAfterHead(
        .error(503, "Too many subscription connections (at most \(streaming.limit)); try again later."))
    }
    let authorization: String? =
      if case .value(let value) = head.header("Authorization") { value } else { nil }
    pendingUpgrades.withLock {
      $0[socket] = PendingUpgrade(subprotocol: handshake.subprotocol, authorization: authorization)
    }
    connections.becameLongLived(socket)
    return .upgradeAfterHead(handshake)
  }

  private func queueUpgrade(_ handshake: WebSocketHandshake, state: RequestState, connection: OpaquePointer)
    -> MHD_Result
  {
    state.phase = .responded
    guard
      let response = MHD_create_response_for_upgrade(
        webSocketUpgradeHandler, Unmanaged.passUnretained(self).toOpaque())
    else { return cmhd_no() }
    defer { MHD_destroy_response(response) }
    addHeader(response, "Upgrade", "websocket")
    _ = handshake.accept.withCString { MHD_add_response_header(response, "Sec-WebSocket-Accept", $0) }
    addHeader(response, "Sec-WebSocket-Protocol", handshake.subprotocol.token)
    let result = MHD_queue_response(connection, 101, response)
    if result == cmhd_yes() { state.status = 101 }
    return result
  }

  /// libmicrohttpd sent the 101 and hands the socket over.
  func upgraded(socket: Int32, upgrade: OpaquePointer, extraInput: [UInt8]) {
    guard let pending = pendingUpgrades.withLock({ $0.removeValue(forKey: socket) }) else {
      connections.closed(socket)
      cmhd_upgrade_close(upgrade)
      return
    }
    webSockets.adopt(
      WebSocketLoop.Adoption(
        socket: socket, upgrade: upgrade, extraInput: extraInput, subprotocol: pending.subprotocol,
        authorization: pending.authorization))
  }

  /// libmicrohttpd is about to close a connection's socket.
  func connectionClosed(_ socket: Int32) {
    connections.closed(socket)
    // A handshake whose socket was never handed over gives its slot back.
    if pendingUpgrades.withLock({ $0.removeValue(forKey: socket) }) != nil { streaming.release() }
  }

  /// Answers a POST that asked for a stream: a parameter error is a JSON 400; anything else is a
  /// streamed response carrying the operation's results (one for a query or mutation).
  private func startStream(_ format: StreamFormat, state: RequestState, connection: OpaquePointer)
    -> MHD_Result
  {
    let head = MHDRequestHead(connection: connection, method: state.head.method, route: state.head.route)
    let request: GraphQLRequest
    switch handler.parseBody(state.body, media: .json) {
    case .failure(let response): return queue(response.value, state: state, connection: connection)
    case .success(let parsed): request = parsed
    }
    state.body = []
    guard !stopping.load(ordering: .relaxed) else {
      return queue(
        .error(503, "The server is shutting down."), state: state, connection: connection, close: true)
    }
    guard streaming.reserve() else {
      return queue(
        .error(503, "Too many subscription connections (at most \(streaming.limit)); try again later."),
        state: state, connection: connection)
    }
    let authorization: String? =
      if case .value(let value) = head.header("Authorization") { value } else { nil }
    let body = StreamedBody(format: format, connection: connection)
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
    addHeader(response, "Content-Type", format.contentType)
    addHeader(response, "Access-Control-Allow-Origin", "*")
    addHeader(response, "Cache-Control", "no-cache")
    let result = MHD_queue_response(connection, 200, response)
    guard result == cmhd_yes() else { return result }
    state.status = 200
    streams.withLock { $0[ObjectIdentifier(body)] = body }
    let service = handler.service
    // Starting the operation executes it (a query or mutation in full, a subscription once):
    // that runs on the executor, in turn with the address's other requests, not on a Swift
    // task (a blocking execution would hold one of the few cooperative threads).
    executor.submit(address: state.client) {
      switch service.start(request, authorization: authorization) {
      case .single(let result):
        body.append(format.result(result.body))
        body.finish()
      case .stream(let results):
        body.own(
          Task {
            for await result in results {
              // The next result is pulled only once the client has read enough of the others.
              guard await body.reserve() else { return }
              body.append(format.result(result))
            }
            if !Task.isCancelled { body.finish() }
          })
      }
    }
    let stallTimeout = stallTimeout
    body.own(
      Task {
        // Apollo's router sends `{}` every 5 s; graphql-sse a comment line. Either keeps the
        // connection inside libmicrohttpd's idle timeout. Each second, a client that reads
        // nothing of what waits for it is looked for.
        var quietSeconds = 0
        while (try? await Task.sleep(for: .seconds(1))) != nil {
          if body.endIfStalled(now: .now, timeout: stallTimeout) { return }
          quietSeconds += 1
          if quietSeconds >= 5 {
            quietSeconds = 0
            body.appendIfIdle(format.heartbeat)
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

  /// Ends every streamed subscription with its closing marker (the server is stopping).
  func finishStreams() {
    for body in streams.withLock({ Array($0.values) }) { body.finish() }
  }

  /// How much of an over-limit body without Content-Length is read (and dropped) so that the
  /// client gets a 413 instead of a closed connection: libmicrohttpd cannot answer mid-upload.
  static func discardLimit(_ maxBodyBytes: Int) -> Int { max(4 * maxBodyBytes, 1 << 20) }

  private func read(
    _ state: RequestState, media: ResponseMediaType, connection: OpaquePointer,
    uploadData: UnsafePointer<CChar>?, size: Int
  ) -> MHD_Result {
    if size > 0 {
      guard state.body.count + size <= maxBodyBytes else {
        // A body announced with Content-Length was refused at the head; this one was not, so
        // stop buffering and drop the rest until it ends, then answer 413.
        state.phase = .discardingBody(media, discarded: state.body.count + size - maxBodyBytes)
        state.body = []
        return cmhd_yes()
      }
      if let uploadData {
        UnsafeRawPointer(uploadData).withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
          state.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
        }
      }
      return cmhd_yes()
    }
    let head = MHDRequestHead(connection: connection, method: state.head.method, route: state.head.route)
    let checked = handler.finish(head, body: state.body, media: media)
    state.body = []
    switch checked {
    case .failure(let refusal): return queue(refusal.value, state: state, connection: connection)
    case .success(let execution): return execute(execution, state: state, connection: connection)
    }
  }

  /// Runs `execution` on the executor, with the connection suspended until its answer is ready:
  /// libmicrohttpd's thread goes on serving its other connections meanwhile. Called from the
  /// request's last access-handler call; the suspension waits for the next one (`suspend`).
  private func execute(
    _ execution: GraphQLHTTPHandler.Execution, state: RequestState, connection: OpaquePointer
  ) -> MHD_Result {
    // The executor's threads are gone or going (the server is shutting down): it runs here.
    if executor.isStopping { return queue(handler.run(execution), state: state, connection: connection) }
    // libmicrohttpd 0.9.75 does not update what it waits for on a connection suspended inside
    // the access handler, so resumed, it would poll it for input as it did before the request,
    // read first and, finding the end of stream of a client that half-closed meanwhile, drop
    // it whatever its state (answer queued or not). Returning without an answer makes it mark
    // the connection as waiting for nothing and call again at once; suspended in that call, the
    // connection is resumed without a read before the call that queues the answer.
    state.phase = .suspendingNext(execution)
    return cmhd_yes()
  }

  /// Suspends the connection and submits `execution` to the executor, whose job leaves the
  /// answer in the slot and resumes the connection.
  private func suspend(
    _ execution: GraphQLHTTPHandler.Execution, state: RequestState, connection: OpaquePointer
  ) -> MHD_Result {
    // Counted before `isStopping` is read: `GraphQLHTTPServer.stop` sets that and then waits
    // for the count to drop to zero, so a suspension it cannot see never happens.
    suspendedExecutions.add(1, ordering: .sequentiallyConsistent)
    guard !executor.isStopping else {
      suspendedExecutions.subtract(1, ordering: .releasing)
      return queue(handler.run(execution), state: state, connection: connection)
    }
    let slot = ExecutionSlot(suspending: connection)
    state.phase = .executing(slot)
    let handler = handler
    executor.submit(address: state.client) { slot.fill(handler.run(execution)) }
    return cmhd_yes()
  }

  private func queue(
    _ response: HTTPResponse, state: RequestState, connection: OpaquePointer, close: Bool = false
  ) -> MHD_Result {
    state.phase = .responded
    let result = send(response, connection: connection, close: close)
    if result == cmhd_yes() {
      state.status = response.status
      state.operationName = response.operationName
    }
    return result
  }

  /// Queues `response` on `connection`, from its access handler.
  private func send(_ response: HTTPResponse, connection: OpaquePointer, close: Bool = false) -> MHD_Result {
    guard let mhdResponse = ResponseBody.response(response.body) else { return cmhd_no() }
    defer { MHD_destroy_response(mhdResponse) }
    if let contentType = response.contentType.headerValue {
      addHeader(mhdResponse, "Content-Type", contentType)
    }
    addHeader(mhdResponse, "Access-Control-Allow-Origin", "*")
    if let allow = response.allow { addHeader(mhdResponse, "Allow", allow) }
    if response.isPreflight {
      addHeader(mhdResponse, "Access-Control-Allow-Methods", "GET, POST, OPTIONS")
      addHeader(mhdResponse, "Access-Control-Allow-Headers", "content-type, authorization, accept")
      addHeader(mhdResponse, "Access-Control-Max-Age", "86400")
    }
    if close || stopping.load(ordering: .relaxed) { addHeader(mhdResponse, "Connection", "close") }
    return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
  }

  private func addHeader(_ response: OpaquePointer, _ name: StaticString, _ value: StaticString) {
    // StaticString storage is NUL-terminated UTF-8 that lives for the whole program.
    let cName = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    let cValue = UnsafeRawPointer(value.utf8Start).assumingMemoryBound(to: CChar.self)
    MHD_add_response_header(response, cName, cValue)
  }

  /// The client's address as text, or nil when libmicrohttpd does not know it.
  static func clientAddress(_ connection: OpaquePointer?) -> String? {
    guard let connection else { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
      guard let base = buffer.baseAddress else { return nil }
      base.initialize(repeating: 0, count: buffer.count)
      // Room for the terminating NUL is kept: the text is always terminated.
      guard cmhd_client_address(connection, base, socklen_t(buffer.count - 1)) == 0 else { return nil }
      return String(decoding: UnsafeRawBufferPointer(start: base, count: strlen(base)), as: UTF8.self)
    }
  }
}

/// libmicrohttpd's accept policy: a connection beyond the ordinary connection limit is closed at
/// once (it would otherwise take one of the long-lived connections' slots).
let serverAcceptPolicy: MHD_AcceptPolicyCallback = { cls, _, _ in
  guard let cls else { return cmhd_no() }
  let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
  return core.connections.admitsOrdinary(limit: core.connectionLimit) ? cmhd_yes() : cmhd_no()
}

/// libmicrohttpd's access handler: forwards to the `ServerCore` passed as `cls`.
let serverAccessHandler: MHD_AccessHandlerCallback = {
  cls, connection, url, method, version, uploadData, uploadDataSize, requestSlot in
  guard let cls, let connection, let uploadDataSize, let requestSlot else { return cmhd_no() }
  return Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().handle(
    connection: connection, url: url, method: method, version: version, uploadData: uploadData,
    uploadDataSize: uploadDataSize, requestSlot: requestSlot)
}

/// libmicrohttpd's request-completed callback: forwards to the `ServerCore` passed as `cls`.
let serverCompletionHandler: MHD_RequestCompletedCallback = { cls, connection, requestSlot, _ in
  guard let cls, let requestSlot else { return }
  Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().complete(
    connection: connection, requestSlot: requestSlot)
}

/// libmicrohttpd's connection callback (opened, closed): forwards to the `ServerCore`'s guard.
let serverConnectionHandler: MHD_NotifyConnectionCallback = { cls, connection, _, code in
  guard let cls, let connection else { return }
  let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
  let socket = cmhd_connection_fd(connection)
  if cmhd_notify_opened(code) != 0 {
    core.connections.opened(socket)
  } else {
    core.connectionClosed(socket)
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

/// libmicrohttpd's content reader for streamed responses.
let streamedBodyReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
  guard let cls, let buffer else { return cmhd_reader_end_with_error() }
  return Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue().body.read(into: buffer, max: max)
}

/// libmicrohttpd is done with a streamed response.
let streamedBodyRelease: MHD_ContentReaderFreeCallback = { cls in
  guard let cls else { return }
  let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
  context.core.streamReleased(context.body)
}

/// libmicrohttpd's upgrade callback: the 101 went out and the socket is ours (through `urh`).
let webSocketUpgradeHandler: MHD_UpgradeHandler = { cls, _, _, extraIn, extraInSize, socket, urh in
  guard let cls, let urh else { return }
  let extra: [UInt8] =
    if let extraIn, extraInSize > 0 {
      UnsafeRawBufferPointer(start: extraIn, count: extraInSize).map { $0 }
    } else { [] }
  Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().upgraded(
    socket: Int32(socket), upgrade: urh, extraInput: extra)
}
