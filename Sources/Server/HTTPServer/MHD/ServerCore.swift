import CMicroHTTPD
import Synchronization

/// What libmicrohttpd's callbacks reach through their `cls`: the phases of a request from head
/// to answer, and the limits around it; the rest is middleware (`HTTPMiddleware`).
///
/// Sendable: its stored properties are immutable and Sendable, or atomic. `HTTPServer` stops the
/// daemon before releasing it.
final class ServerCore: Sendable {
  /// The router, inside the server's middleware.
  let router: ServerMiddleware
  let configuration: HTTPServerConfiguration
  /// Head deadlines and lingering closes (see `ConnectionGuard`).
  let connections: ConnectionGuard
  /// Requests whose head arrived and whose completion was not yet reported.
  let inFlight = Atomic<Int>(0)
  /// Connections suspended for an execution: libmicrohttpd aborts when stopped with one, so
  /// `stop` waits for none to be left.
  let suspendedExecutions = Atomic<Int>(0)
  /// Set when a graceful stop began: responses then ask clients to close the connection.
  let stopping = Atomic<Bool>(false)
  /// Long-lived connections (upgraded sockets, streamed responses) and their limit.
  let streaming: StreamingBudget
  /// How long bytes may wait unread by a client before its stream ends as too slow.
  let stallTimeout: Duration
  /// Connection memory kept beyond the largest head for building the answer.
  static let answerReserveBytes = 8 << 10
  /// Runs computed answers off libmicrohttpd's threads, in turn between client addresses.
  let executor: FairExecutor
  /// Whether answers expected to be brief are computed on libmicrohttpd's threads.
  let inline: InlineBudget
  /// The router's header fields for every answer.
  let commonHeaders: [HTTPHeaderField]
  /// Streamed responses being sent.
  let streams = Mutex<[ObjectIdentifier: StreamedBody]>([:])
  /// Upgrades answered with 101 whose socket libmicrohttpd has not handed over yet, by socket.
  let pendingUpgrades = Mutex<[Int32: HTTPResponder.Adoption]>([:])
  /// Where the bytes sent and the executor's waits are counted, if anywhere.
  let metrics: HTTPMetrics?

  /// - Parameter probeOnlyBeyondBudget: whether an address at its connection budget may open a
  ///   few more connections, for probes only (`HealthProbeRouter`).
  init(
    router: ServerMiddleware, configuration: HTTPServerConfiguration, metrics: HTTPMetrics?,
    probeOnlyBeyondBudget: Bool
  ) {
    self.router = router
    self.configuration = configuration
    self.metrics = metrics
    commonHeaders = router.commonHeaders
    inline = InlineBudget(
      limit: configuration.briefAnswerMilliseconds.map { .microseconds(Int($0 * 1000)) },
      pause: .milliseconds(Int(configuration.briefAnswerPauseSeconds * 1000)))
    stallTimeout = .milliseconds(Int(configuration.stalledSubscriberSeconds * 1000))
    executor = FairExecutor(
      threads: configuration.executionThreads, maxPerAddress: configuration.maxExecutionsPerAddress,
      queueWait: metrics?.queueWait)
    let perAddress = configuration.maxConnectionsPerAddress
    connections = ConnectionGuard(
      headTimeout: .seconds(configuration.headTimeoutSeconds),
      lingerBytes: Self.discardLimit(configuration.maxBodyBytes),
      probeOnlyBeyond: probeOnlyBeyondBudget && perAddress > 0 ? perAddress : nil)
    streaming = StreamingBudget(limit: configuration.maxSubscriptionConnections)
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
    let exchange = state.exchange
    requestSlot.pointee = Unmanaged.passRetained(state).toOpaque()
    inFlight.add(1, ordering: .relaxed)
    let socket = cmhd_connection_fd(connection)
    connections.headReceived(socket)
    exchange.receivedBytes = Int(cmhd_request_head_size(connection))
    exchange.serverStopping = stopping.load(ordering: .relaxed)
    let maxHeadBytes = configuration.connectionMemoryBytes
    if exchange.receivedBytes > maxHeadBytes {
      return refuse(
        431, "The request's header fields are larger than \(maxHeadBytes / 1024) KiB in all.", state: state,
        connection: connection)
    }
    if let rejection = MHDRequestHead.framingRejection(connection, method: method, version: version) {
      // With the body's framing untrusted, nothing after this head is a request: close.
      return refuse(rejection.status, rejection.message, state: state, connection: connection)
    }
    if connections.probeOnlyBeyond != nil { exchange.connectionOverBudget = connections.isProbeOnly(socket) }
    let head = MHDRequestHead(
      connection: connection, method: exchange.httpMethod, path: exchange.path, clientAddress: exchange.client
    )
    switch router.route(head, in: exchange) {
    case .respond(let response):
      guard
        exchange.closesConnection || (head.contentLength ?? 0) > 0
          || head.header("Transfer-Encoding") != .absent
      else {
        // libmicrohttpd 0.9.75 closes the connection after a response queued in this first
        // call; the next call (at once, as there is no body) keeps it.
        state.phase = .afterHead(.respond(response), discarded: 0)
        return cmhd_yes()
      }
      // Answered before the body was read: libmicrohttpd closes the connection (it cannot skip
      // a body), so say so, and linger so that the client reads the answer.
      connections.lingerAfterClose(socket)
      return queue(response, state: state, connection: connection, close: true)
    case .upgrade(let headers, let adopt):
      exchange.longLived = true
      state.phase = beginUpgrade(headers: headers, adopt: adopt, socket: socket, exchange: exchange)
    case .readBody(let limit, let decide):
      state.phase = .readingBody(limit: limit, decide: decide)
      // At most 64 KiB up front: an announced megabyte that never comes must cost nothing.
      state.body.reserveCapacity(min(head.contentLength ?? 4096, limit, 64 << 10))
    case let responder:
      // Started in the next call, as an answer queued in this one would close the connection.
      state.phase = .afterHead(responder, discarded: 0)
    }
    return cmhd_yes()
  }

  /// The server's own answer to a head it does not serve, sent at once; the connection closes.
  private func refuse(_ status: Int, _ message: String, state: RequestState, connection: OpaquePointer)
    -> MHD_Result
  {
    state.exchange.closesConnection = true
    connections.lingerAfterClose(cmhd_connection_fd(connection))
    return queue(
      router.error(status, message, in: state.exchange), state: state, connection: connection, close: true)
  }

  /// The completion callback: tells the router the request is over and forgets its state.
  func complete(connection: OpaquePointer?, requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
    if let connection { connections.requestCompleted(cmhd_connection_fd(connection)) }
    guard let existing = requestSlot.pointee else { return }
    requestSlot.pointee = nil
    let state = Unmanaged<RequestState>.fromOpaque(existing).takeRetainedValue()
    // Closed before its answer was queued (the client went away while it executed).
    if case .executing = state.phase { suspendedExecutions.subtract(1, ordering: .releasing) }
    router.completed(state.exchange)
    inFlight.subtract(1, ordering: .releasing)
  }

  private func proceed(
    _ state: RequestState, connection: OpaquePointer, uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>
  ) -> MHD_Result {
    let size = uploadDataSize.pointee
    uploadDataSize.pointee = 0
    state.exchange.receivedBytes += size
    state.exchange.bytesIn += size
    switch state.phase {
    case .responded:
      // A response is already queued: whatever still arrives is dropped.
      return cmhd_yes()
    case .afterHead(let responder, let discarded):
      if size == 0 { return answer(responder, state: state, connection: connection) }
      guard discarded + size <= Self.discardLimit(configuration.maxBodyBytes) else { return cmhd_no() }
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
            router.error(500, "Internal server error.", in: state.exchange), state: state,
            connection: connection, close: true)
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
      if let response = inline.run(job, if: connections.callerHoldsItsShare(threads: configuration.threads)) {
        return queue(response, state: state, connection: connection)
      }
      return execute(job, state: state, connection: connection)
    case .stream(let framing, let produce):
      return startStream(framing, produce: produce, state: state, connection: connection)
    case .upgrade, .readBody:
      // Only the head may ask for these (see `HTTPResponder`).
      return queue(
        router.error(500, "Internal server error.", in: state.exchange), state: state, connection: connection)
    }
  }

  /// How much of an over-limit chunked body is read and dropped, so that the client gets a 413
  /// (libmicrohttpd cannot answer mid-upload) rather than a closed connection.
  static func discardLimit(_ maxBodyBytes: Int) -> Int { max(4 * maxBodyBytes, 1 << 20) }

  private func read(
    _ state: RequestState, limit: Int, decide: @escaping HTTPResponder.BodyDecision,
    connection: OpaquePointer,
    uploadData: UnsafePointer<CChar>?, size: Int
  ) -> MHD_Result {
    if size > 0 {
      guard state.body.count + size <= limit else {
        // A chunked body (an announced one was refused at the head): drop the rest, then 413.
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

  /// Runs `job` on the executor, the connection suspended until its answer is ready (from the
  /// next access-handler call, `suspend`).
  private func execute(
    _ job: @escaping @Sendable () -> BufferedResponse, state: RequestState, connection: OpaquePointer
  ) -> MHD_Result {
    // The executor's threads are gone or going (the server is shutting down): it runs here.
    if executor.isStopping { return queue(job(), state: state, connection: connection) }
    // libmicrohttpd 0.9.75, resuming a connection suspended in this call, would read first and
    // drop it on a client's half-close. Returning without an answer makes it wait for nothing
    // and call again at once; suspended then, it is resumed without a read.
    state.phase = .suspendingNext(job)
    return cmhd_yes()
  }

  /// Suspends the connection and submits `job`, which leaves the answer in the slot and resumes it.
  private func suspend(
    _ job: @escaping @Sendable () -> BufferedResponse, state: RequestState, connection: OpaquePointer
  ) -> MHD_Result {
    // Counted before `isStopping` is read: `stop` sets that, then waits for the count to be 0.
    suspendedExecutions.add(1, ordering: .sequentiallyConsistent)
    guard !executor.isStopping else {
      suspendedExecutions.subtract(1, ordering: .releasing)
      return queue(job(), state: state, connection: connection)
    }
    let slot = ExecutionSlot(suspending: connection)
    state.phase = .executing(slot)
    let compression = state.compression
    executor.submit(address: state.exchange.client) { slot.fill(compression.encoded(job())) }
    return cmhd_yes()
  }

  /// Queues a buffered answer, encoded as the middleware decided, and records what went out.
  func queue(
    _ response: BufferedResponse, state: RequestState, connection: OpaquePointer, close: Bool = false
  ) -> MHD_Result {
    let response = state.compression.encoded(response)
    state.phase = .responded
    let exchange = state.exchange
    // Draining, clients are asked to reconnect, which a load balancer does to another server.
    let close = close || stopping.load(ordering: .relaxed) || router.isDraining
    let result = send(response, headers: exchange.responseHeaders, connection: connection, close: close)
    if result == cmhd_yes() {
      exchange.status = response.status
      exchange.logLabel = response.logLabel
      metrics?.sentBytes.add(response.body.count)
      exchange.bytesOut = response.body.count
      exchange.errorCount = response.errorCount
    }
    return result
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
