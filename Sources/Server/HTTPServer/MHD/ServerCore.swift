import CMicroHTTPD
import Synchronization

/// The part of a server that libmicrohttpd's callbacks reach through their `cls` pointer: the
/// request's life from head to answer, whatever the router decides (buffered, streamed,
/// upgraded), and the limits around it.
///
/// Sendable: every stored property is immutable and Sendable, or atomic. Its lifetime covers the
/// daemon's: `HTTPServer` owns it and stops the daemon before releasing it.
final class ServerCore: Sendable {
  let router: any HTTPRouter
  let accessLog: any AccessLog
  /// The largest body a router may ask for; bounds what is read and dropped of a refused one.
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
  /// Long-lived connections (upgraded sockets, streamed responses) and their limit.
  let streaming: StreamingBudget
  /// How long bytes may wait unread by a client before its stream ends as too slow.
  let stallTimeout: Duration
  /// The most ordinary (not long-lived) connections at once; libmicrohttpd's own limit is this
  /// plus the long-lived ones', so the accept policy enforces this one.
  let connectionLimit: Int
  /// The largest request head (request line and headers) answered; a larger one gets 431.
  let maxHeadBytes: Int
  /// Connection memory kept beyond `maxHeadBytes` for building the answer.
  static let answerReserveBytes = 8 << 10
  /// Runs computed answers off libmicrohttpd's threads, in turn between client addresses.
  let executor: FairExecutor
  /// Whether answers expected to be brief are computed on libmicrohttpd's threads.
  let inline: InlineBudget
  /// libmicrohttpd's threads, which share the connections.
  let ioThreads: Int
  /// The router's header fields for every answer.
  private let commonHeaders: [HTTPHeaderField]
  /// Streamed responses being sent.
  private let streams = Mutex<[ObjectIdentifier: StreamedBody]>([:])
  /// Upgrades answered with 101 whose socket libmicrohttpd has not handed over yet, by socket.
  private let pendingUpgrades = Mutex<[Int32: HTTPResponder.Adoption]>([:])
  /// Where requests are counted, if anywhere.
  let metrics: HTTPMetrics?
  /// `/health` and `/ready`, answered before the router, or nil when the server has none.
  let probes: HealthProbes?
  /// The smallest buffered answer sent in gzip to a client that allows it; nil: none is.
  let gzipMinimumBytes: Int?
  /// Makes the ids of requests that come without a usable `X-Request-ID`.
  private let requestIDs = RequestID()

  init(
    router: any HTTPRouter, accessLog: any AccessLog, maxBodyBytes: Int, headTimeout: Duration,
    maxStreamingConnections: Int = 10_000, connectionLimit: Int = 1024, maxHeadBytes: Int,
    executionThreads: Int = 4, maxExecutionsPerAddress: Int = 2, stallTimeout: Duration = .seconds(8),
    metrics: HTTPMetrics? = nil, probes: HealthProbes? = nil, maxConnectionsPerAddress: Int = 0,
    gzipMinimumBytes: Int? = nil, briefAnswerLimit: Duration? = nil, briefAnswerPause: Duration = .seconds(1),
    ioThreads: Int = 1
  ) {
    inline = InlineBudget(limit: briefAnswerLimit, pause: briefAnswerPause)
    self.ioThreads = ioThreads
    self.metrics = metrics
    self.gzipMinimumBytes = gzipMinimumBytes
    self.router = router
    self.accessLog = accessLog
    self.maxBodyBytes = maxBodyBytes
    self.stallTimeout = stallTimeout
    self.connectionLimit = connectionLimit
    self.maxHeadBytes = maxHeadBytes
    commonHeaders = router.commonHeaders
    executor = FairExecutor(
      threads: executionThreads, maxPerAddress: maxExecutionsPerAddress, queueWait: metrics?.queueWait)
    self.probes = probes
    // With probes, an address at its budget may open `probeAllowance` more connections for them.
    connections = ConnectionGuard(
      headTimeout: headTimeout, lingerBytes: Self.discardLimit(maxBodyBytes),
      probeOnlyBeyond: probes != nil && maxConnectionsPerAddress > 0 ? maxConnectionsPerAddress : nil)
    streaming = StreamingBudget(limit: maxStreamingConnections)
  }

  /// Connections an address may open beyond its budget when the server has probes: they serve
  /// `/health` and `/ready` only.
  static let probeAllowance = 4

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
    if metrics != nil { state.receivedBytes = Int(cmhd_request_head_size(connection)) }
    if cmhd_request_head_size(connection) > maxHeadBytes {
      state.requestID = requestIDs.id(for: nil)
      connections.lingerAfterClose(socket)
      return queue(
        router.error(431, "The request's header fields are larger than \(maxHeadBytes / 1024) KiB in all."),
        state: state, connection: connection, close: true)
    }
    if let rejection = MHDRequestHead.framingRejection(connection, method: method, version: version) {
      // The body's framing is unknown or untrusted: nothing after this head can be read as a
      // request, so the connection closes (after draining what the client still sends).
      state.requestID = requestIDs.id(for: nil)
      connections.lingerAfterClose(socket)
      return queue(
        router.error(rejection.status, rejection.message), state: state, connection: connection, close: true)
    }
    let head = MHDRequestHead(
      connection: connection, method: state.httpMethod, path: state.path, clientAddress: state.client)
    state.requestID = requestIDs.id(for: head.header("X-Request-ID").value)
    if gzipMinimumBytes != nil {
      state.acceptsGzip = AcceptEncoding.allowsGzip(head.header("Accept-Encoding").value)
    }
    let probe = probes?.answer(
      method: state.httpMethod, path: state.path, stopping: stopping.load(ordering: .relaxed))
    if probe == nil, connections.isProbeOnly(socket) {
      connections.lingerAfterClose(socket)
      return queue(
        router.error(
          503, "Too many connections from your address; only /health and /ready are served on this one."),
        state: state, connection: connection, close: true)
    }
    switch probe.map(HTTPResponder.respond) ?? router.route(head) {
    case .respond(let response):
      guard (head.contentLength ?? 0) > 0 || head.header("Transfer-Encoding") != .absent else {
        // libmicrohttpd 0.9.75 closes the connection after any response queued in this first
        // call; answering in the next one (which comes at once, as there is no body) keeps it.
        state.phase = .afterHead(.respond(response), discarded: 0)
        return cmhd_yes()
      }
      // Answered before the body was read: libmicrohttpd closes the connection then (it cannot
      // skip an unread body), so say so, and linger so that the client reads the answer.
      connections.lingerAfterClose(socket)
      return queue(response, state: state, connection: connection, close: true)
    case .upgrade(let headers, let adopt):
      state.longLived = true
      state.phase = beginUpgrade(headers: headers, adopt: adopt, socket: socket)
    case .readBody(let limit, let decide):
      state.phase = .readingBody(limit: limit, decide: decide)
      // Reserve what is announced, but not more than 64 KiB up front: a client that announces
      // a megabyte and sends nothing must not make the server commit that memory.
      state.body.reserveCapacity(min(head.contentLength ?? 4096, limit, 64 << 10))
    case let responder:
      // Started in the next call, as an answer queued in this one would close the connection.
      state.phase = .afterHead(responder, discarded: 0)
    }
    return cmhd_yes()
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
    metrics?.completed(state)
    inFlight.subtract(1, ordering: .releasing)
  }

  private func proceed(
    _ state: RequestState, connection: OpaquePointer, uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>
  ) -> MHD_Result {
    let size = uploadDataSize.pointee
    uploadDataSize.pointee = 0
    state.receivedBytes += size
    state.bytesIn += size
    switch state.phase {
    case .responded:
      // A response is already queued: whatever still arrives is dropped.
      return cmhd_yes()
    case .afterHead(let responder, let discarded):
      if size == 0 { return answer(responder, state: state, connection: connection) }
      guard discarded + size <= Self.discardLimit(maxBodyBytes) else { return cmhd_no() }
      state.phase = .afterHead(responder, discarded: discarded + size)
      return cmhd_yes()
    case .upgradeAfterHead(let headers):
      return size == 0 ? queueUpgrade(headers, state: state, connection: connection) : cmhd_yes()
    case .suspendingNext(let job):
      return suspend(job, state: state, connection: connection)
    case .executing(let slot):
      // Called again once the execution filled the slot and resumed the connection.
      guard let response = slot.take() else { return cmhd_yes() }
      suspendedExecutions.subtract(1, ordering: .releasing)
      return queue(response, state: state, connection: connection)
    case .discardingBody(let limit, let decide, let discarded):
      if size == 0 {
        // The whole oversized body has arrived: now libmicrohttpd can send the answer.
        guard case .respond(let response) = decide(nil) else {
          return queue(
            router.error(500, "Internal server error."), state: state, connection: connection, close: true)
        }
        return queue(response, state: state, connection: connection, close: true)
      }
      // A client that keeps sending long after the limit is cut off instead of being read forever.
      guard discarded + size <= Self.discardLimit(limit) else { return cmhd_no() }
      state.phase = .discardingBody(limit: limit, decide: decide, discarded: discarded + size)
      return cmhd_yes()
    case .readingBody(let limit, let decide):
      return read(
        state, limit: limit, decide: decide, connection: connection, uploadData: uploadData, size: size)
    }
  }

  /// Answers with what the router decided, from an access-handler call after the first.
  private func answer(_ responder: HTTPResponder, state: RequestState, connection: OpaquePointer)
    -> MHD_Result
  {
    switch responder {
    case .respond(let response): return queue(response, state: state, connection: connection)
    case .compute(let job): return execute(job, state: state, connection: connection)
    case .computeBrief(let job):
      if let response = inline.run(job, if: connections.callerHoldsItsShare(threads: ioThreads)) {
        return queue(response, state: state, connection: connection)
      }
      return execute(job, state: state, connection: connection)
    case .stream(let framing, let produce):
      return startStream(framing, produce: produce, state: state, connection: connection)
    case .upgrade, .readBody:
      // Only the head may ask for these (see `HTTPResponder`).
      return queue(router.error(500, "Internal server error."), state: state, connection: connection)
    }
  }

  /// Takes a long-lived slot for an upgrade; the answer (101, or an error) is queued in the next
  /// call, like every answer decided by the head alone.
  private func beginUpgrade(
    headers: [(name: StaticString, value: String)], adopt: @escaping HTTPResponder.Adoption, socket: Int32
  ) -> RequestState.Phase {
    if let refusal = longLivedRefusal() { return .afterHead(.respond(refusal), discarded: 0) }
    pendingUpgrades.withLock { $0[socket] = adopt }
    connections.becameLongLived(socket)
    return .upgradeAfterHead(headers)
  }

  /// The 503 for a long-lived connection the server cannot take now, having taken its slot
  /// otherwise.
  private func longLivedRefusal() -> HTTPResponse? {
    if stopping.load(ordering: .relaxed) { return router.error(503, "The server is shutting down.") }
    guard streaming.reserve() else {
      return router.error(
        503, "Too many subscription connections (at most \(streaming.limit)); try again later.")
    }
    return nil
  }

  private func queueUpgrade(
    _ headers: [(name: StaticString, value: String)], state: RequestState, connection: OpaquePointer
  )
    -> MHD_Result
  {
    state.phase = .responded
    guard
      let response = MHD_create_response_for_upgrade(
        upgradeHandler, Unmanaged.passUnretained(self).toOpaque())
    else { return cmhd_no() }
    defer { MHD_destroy_response(response) }
    for field in headers {
      _ = field.value.withCString { MHD_add_response_header(response, cString(field.name), $0) }
    }
    addRequestID(response, state.requestID)
    let result = MHD_queue_response(connection, 101, response)
    if result == cmhd_yes() { state.status = 101 }
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
  private func startStream(
    _ framing: StreamFraming, produce: @escaping @Sendable (StreamedBody) -> Void, state: RequestState,
    connection: OpaquePointer
  ) -> MHD_Result {
    if let refusal = longLivedRefusal() {
      return queue(refusal, state: state, connection: connection, close: stopping.load(ordering: .relaxed))
    }
    state.longLived = true
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
    addHeader(response, "Content-Type", framing.contentType)
    for field in commonHeaders { addHeader(response, field) }
    addHeader(response, "Cache-Control", "no-cache")
    addRequestID(response, state.requestID)
    let result = MHD_queue_response(connection, 200, response)
    guard result == cmhd_yes() else { return result }
    state.status = 200
    state.streamedBody = body
    streams.withLock { $0[ObjectIdentifier(body)] = body }
    // The producer runs on the executor, in turn with the address's other requests, not on a
    // Swift task (a blocking start would hold one of the few cooperative threads).
    executor.submit(address: state.client) { produce(body) }
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

  /// How much of an over-limit body without Content-Length is read (and dropped) so that the
  /// client gets a 413 instead of a closed connection: libmicrohttpd cannot answer mid-upload.
  static func discardLimit(_ maxBodyBytes: Int) -> Int { max(4 * maxBodyBytes, 1 << 20) }

  private func read(
    _ state: RequestState, limit: Int, decide: @escaping HTTPResponder.BodyDecision,
    connection: OpaquePointer,
    uploadData: UnsafePointer<CChar>?, size: Int
  ) -> MHD_Result {
    if size > 0 {
      guard state.body.count + size <= limit else {
        // A body announced with Content-Length was refused at the head; this one was not, so
        // stop buffering and drop the rest until it ends, then answer 413.
        state.phase = .discardingBody(
          limit: limit, decide: decide, discarded: state.body.count + size - limit)
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
    let body = state.body
    state.body = []
    return answer(decide(body), state: state, connection: connection)
  }

  /// Runs `job` on the executor, with the connection suspended until its answer is ready:
  /// libmicrohttpd's thread goes on serving its other connections meanwhile. Called from the
  /// request's last access-handler call; the suspension waits for the next one (`suspend`).
  private func execute(
    _ job: @escaping @Sendable () -> HTTPResponse, state: RequestState, connection: OpaquePointer
  ) -> MHD_Result {
    // The executor's threads are gone or going (the server is shutting down): it runs here.
    if executor.isStopping { return queue(job(), state: state, connection: connection) }
    // libmicrohttpd 0.9.75 does not update what it waits for on a connection suspended inside
    // the access handler, so resumed, it would poll it for input as it did before the request,
    // read first and, finding the end of stream of a client that half-closed meanwhile, drop
    // it whatever its state (answer queued or not). Returning without an answer makes it mark
    // the connection as waiting for nothing and call again at once; suspended in that call, the
    // connection is resumed without a read before the call that queues the answer.
    state.phase = .suspendingNext(job)
    return cmhd_yes()
  }

  /// Suspends the connection and submits `job` to the executor, whose work leaves the answer in
  /// the slot and resumes the connection.
  private func suspend(
    _ job: @escaping @Sendable () -> HTTPResponse, state: RequestState, connection: OpaquePointer
  ) -> MHD_Result {
    // Counted before `isStopping` is read: `HTTPServer.stop` sets that and then waits for the
    // count to drop to zero, so a suspension it cannot see never happens.
    suspendedExecutions.add(1, ordering: .sequentiallyConsistent)
    guard !executor.isStopping else {
      suspendedExecutions.subtract(1, ordering: .releasing)
      return queue(job(), state: state, connection: connection)
    }
    let slot = ExecutionSlot(suspending: connection)
    state.phase = .executing(slot)
    // Compressed on the executor too, off libmicrohttpd's threads.
    let (gzip, minimum) = (state.acceptsGzip, gzipMinimumBytes)
    executor.submit(address: state.client) {
      slot.fill(ResponseCompression.encoded(job(), gzip: gzip, minimum: minimum))
    }
    return cmhd_yes()
  }

  private func queue(
    _ response: HTTPResponse, state: RequestState, connection: OpaquePointer, close: Bool = false
  ) -> MHD_Result {
    let response = ResponseCompression.encoded(response, gzip: state.acceptsGzip, minimum: gzipMinimumBytes)
    state.phase = .responded
    let result = send(response, requestID: state.requestID, connection: connection, close: close)
    if result == cmhd_yes() {
      state.status = response.status
      state.logLabel = response.logLabel
      metrics?.sentBytes.add(response.body.count)
      state.bytesOut = response.body.count
      state.errorCount = response.errorCount
    }
    return result
  }

  /// Queues `response` on `connection`, from its access handler.
  private func send(
    _ response: HTTPResponse, requestID: String?, connection: OpaquePointer, close: Bool = false
  ) -> MHD_Result {
    guard let mhdResponse = ResponseBody.response(response.body) else { return cmhd_no() }
    defer { MHD_destroy_response(mhdResponse) }
    if let contentType = response.contentType { addHeader(mhdResponse, "Content-Type", contentType) }
    for field in commonHeaders { addHeader(mhdResponse, field) }
    for field in response.headers { addHeader(mhdResponse, field) }
    addRequestID(mhdResponse, requestID)
    // Draining, clients are asked to reconnect, which a load balancer does to another server.
    if close || stopping.load(ordering: .relaxed) || probes?.isDraining == true {
      addHeader(mhdResponse, "Connection", "close")
    }
    return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
  }

  /// `X-Request-ID`, so that a client can name its request to an operator.
  private func addRequestID(_ response: OpaquePointer, _ id: String?) {
    guard let id else { return }
    _ = id.withCString { MHD_add_response_header(response, "X-Request-ID", $0) }
  }

  private func addHeader(_ response: OpaquePointer, _ name: StaticString, _ value: StaticString) {
    MHD_add_response_header(response, cString(name), cString(value))
  }

  /// libmicrohttpd copies both strings, so a made value need only live for the call.
  private func addHeader(_ response: OpaquePointer, _ field: HTTPHeaderField) {
    switch field.value {
    case .fixed(let value): addHeader(response, field.name, value)
    case .text(let value):
      _ = value.withCString { MHD_add_response_header(response, cString(field.name), $0) }
    }
  }

  /// StaticString storage is NUL-terminated UTF-8 that lives for the whole program.
  private func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
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
    // The address is looked up only when connections are counted per address.
    let address = core.connections.probeOnlyBeyond == nil ? nil : ServerCore.clientAddress(connection)
    core.connections.opened(socket, address: address)
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
  let context = Unmanaged<StreamContext>.fromOpaque(cls).takeUnretainedValue()
  let count = context.body.read(into: buffer, max: max)
  if count > 0 { context.core.metrics?.sentBytes.add(Int(count)) }
  return count
}

/// libmicrohttpd is done with a streamed response.
let streamedBodyRelease: MHD_ContentReaderFreeCallback = { cls in
  guard let cls else { return }
  let context = Unmanaged<StreamContext>.fromOpaque(cls).takeRetainedValue()
  context.core.streamReleased(context.body)
}

/// libmicrohttpd's upgrade callback: the 101 went out and the socket is ours (through `urh`).
let upgradeHandler: MHD_UpgradeHandler = { cls, _, _, extraIn, extraInSize, socket, urh in
  guard let cls, let urh else { return }
  let extra: [UInt8] =
    if let extraIn, extraInSize > 0 {
      UnsafeRawBufferPointer(start: extraIn, count: extraInSize).map { $0 }
    } else { [] }
  Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().upgraded(
    socket: Int32(socket), upgrade: urh, extraInput: extra)
}
