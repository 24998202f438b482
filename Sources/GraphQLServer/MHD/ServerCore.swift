import CMicroHTTPD
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
  /// Set when a graceful stop began: responses then ask clients to close the connection.
  let stopping = Atomic<Bool>(false)

  init(service: any GraphQLService, accessLog: any AccessLog, maxBodyBytes: Int, headTimeout: Duration) {
    handler = GraphQLHTTPHandler(service: service, maxBodyBytes: maxBodyBytes)
    self.accessLog = accessLog
    self.maxBodyBytes = maxBodyBytes
    connections = ConnectionGuard(headTimeout: headTimeout, lingerBytes: Self.discardLimit(maxBodyBytes))
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
    if let rejection = MHDRequestHead.framing(connection, method: method, version: version).rejection() {
      // The body's framing is unknown or untrusted: nothing after this head can be read as a
      // request, so the connection closes (after draining what the client still sends).
      connections.lingerAfterClose(socket)
      return queue(
        .error(rejection.status, rejection.message), state: state, connection: connection, close: true)
    }
    let head = MHDRequestHead(connection: connection, method: state.head.method, route: state.head.route)
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
    }
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
    let response = handler.finish(head, body: state.body, media: media)
    state.body = []
    return queue(response, state: state, connection: connection)
  }

  private func queue(
    _ response: HTTPResponse, state: RequestState, connection: OpaquePointer, close: Bool = false
  ) -> MHD_Result {
    state.phase = .responded
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
    let result = MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    if result == cmhd_yes() {
      state.status = response.status
      state.operationName = response.operationName
    }
    return result
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
    var buffer = [CChar](repeating: 0, count: 64)
    guard cmhd_client_address(connection, &buffer, socklen_t(buffer.count)) == 0 else { return nil }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
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
  let connections = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().connections
  let socket = cmhd_connection_fd(connection)
  if cmhd_notify_opened(code) != 0 {
    connections.opened(socket)
  } else {
    connections.closed(socket)
  }
}
