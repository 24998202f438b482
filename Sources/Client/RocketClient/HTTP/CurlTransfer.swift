import CCurl
import FoundationEssentials
import Synchronization

/// One request on libcurl: its easy handle, and the hand-over of head, body and outcome from
/// libcurl's callbacks (on the multi thread) to the Swift task waiting for them.
///
/// Thread safety (`@unchecked Sendable`): `easy`, `headerList` and `errorBuffer` are set up by
/// the creating task before ``CurlMultiLoop/add(_:)`` and from then on touched only by the multi
/// thread (callbacks and completion), which also frees them; everything else is in `state`.
final class CurlTransfer: @unchecked Sendable {
  let easy: UnsafeMutableRawPointer
  /// Where the transfer runs; kept so a live body keeps the loop alive.
  let loop: CurlMultiLoop
  let url: URL
  let timeout: Duration
  let maxBodySize: Int
  /// A streamed body (`HTTPRequest.idleTimeout` set): libcurl then has no whole-exchange
  /// timeout, so the wait for the head is bounded here.
  let streams: Bool
  private let headerList: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private let bodyInput: AsyncThrowingStream<[UInt8], any Error>.Continuation

  private struct State {
    var head: CheckedContinuation<HTTPStreamedResponse, any Error>?
    /// The body's reading end until the head is delivered; then only the reader holds it, so a
    /// reader that drops it ends the transfer.
    var body: AsyncThrowingStream<[UInt8], any Error>?
    var headDelivered = false
    var finished = false
    var status = 0
    var headers: [String: String] = [:]
    var received = 0
    /// Body bytes handed to the reader and not yet taken by it.
    var buffered = 0
    /// The write callback paused the transfer (the reader is `bufferLimit` behind).
    var paused = false
    /// Why a callback stopped the transfer, which libcurl reports only as a write error.
    var stopReason: HTTPTransportError?
  }

  private let state = Mutex(State())
  /// Body bytes waiting for the reader beyond which libcurl is paused: a server that sends
  /// faster than its stream is read (a flood of multipart parts) fills the socket's buffers,
  /// not this process's memory. The transfer goes on once the reader took half.
  static let bufferLimit = 1 << 20

  /// Creates and configures the easy handle; a URL libcurl refuses or a header with a line break
  /// is an error.
  init(request: HTTPRequest, timeout: Duration, maxBodySize: Int, tls: TLSOptions, loop: CurlMultiLoop)
    throws(HTTPTransportError)
  {
    url = request.url
    self.timeout = timeout
    self.maxBodySize = maxBodySize
    self.loop = loop
    streams = request.idleTimeout != nil
    guard let easy = curl_easy_init() else {
      throw HTTPTransportError.failed(endpoint: request.url, detail: "libcurl could not create a request")
    }
    self.easy = easy
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    let (body, bodyInput) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
    self.bodyInput = bodyInput
    state.withLock { $0.body = body }
    var list: UnsafeMutablePointer<curl_slist>?
    var badHeader: String?
    // libcurl adds `Expect: 100-continue` to large bodies and waits for an answer first; an
    // empty value turns that off. Our Accept replaces its `*/*`.
    for field in request.headers {
      // Scalars, not Characters: "\r\n" is one Character, equal to neither "\r" nor "\n".
      if (field.name + field.value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
        || field.name.isEmpty || field.name.contains(":")
      {
        badHeader = field.name
      }
      list = curl_slist_append(list, "\(field.name): \(field.value)")
    }
    list = curl_slist_append(list, "Expect:")
    headerList = list
    guard badHeader == nil else {
      release()
      throw HTTPTransportError.failed(
        endpoint: request.url,
        detail: "header \(String(reflecting: badHeader ?? "")) is not a valid header field")
    }
    configure(request, tls: tls)
  }

  private func configure(_ request: HTTPRequest, tls: TLSOptions) {
    _ = ccurl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
    _ = ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
    // Threads: no SIGALRM for DNS timeouts (libcurl uses its threaded resolver instead).
    _ = ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
    _ = ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
    // Never follow a redirect: a POST must not be replayed elsewhere, nor its Authorization.
    _ = ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
    _ = ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, "rocket-reserver")
    _ = ccurl_easy_open_sockets_close_on_exec(easy)
    // "": every coding this libcurl decodes (gzip at least; serve answers pages in gzip, a tenth
    // of their JSON), decoded before the body reaches us, so its limits count decoded bytes.
    _ = ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
    if let caFile = tls.caFile {
      // As the WebSocket's TLS: the file instead of the system's store, not beside it.
      _ = ccurl_easy_setopt_string(easy, CURLOPT_CAINFO, caFile)
      _ = ccurl_easy_setopt_string(easy, CURLOPT_CAPATH, nil)
    }
    if !tls.verifiesPeer {
      _ = ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 0)
      _ = ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 0)
    }
    let milliseconds = max(1, Self.milliseconds(timeout))
    if let idle = request.idleTimeout {
      // A stream: no bound on the whole exchange, but one on silence (less than one byte a
      // second on average over `idle`), so a peer that vanished without a FIN is noticed.
      _ = ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, 0)
      _ = ccurl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
      _ = ccurl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(idle) / 1000))
    } else {
      _ = ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds)
    }
    _ = ccurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
    _ = ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)
    switch request.method {
    case .get:
      _ = ccurl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
    case .post:
      _ = ccurl_easy_setopt_long(easy, CURLOPT_POST, 1)
      _ = ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
      // COPYPOSTFIELDS: libcurl keeps its own copy, so the array need not outlive this call.
      request.body.withUnsafeBytes { bytes in
        _ = ccurl_easy_setopt_pointer(
          easy, CURLOPT_COPYPOSTFIELDS,
          UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(errorBuffer)))
      }
    }
    let me = Unmanaged.passUnretained(self).toOpaque()
    _ = ccurl_easy_setopt_data_fn(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback)
    _ = ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, me)
    _ = ccurl_easy_setopt_data_fn(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
    _ = ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, me)
  }

  deinit {
    release()
  }

  private let released = Atomic<Bool>(false)

  /// Frees the easy handle and what it points at; only once, and only when the multi handle no
  /// longer holds it.
  func release() {
    guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
    curl_easy_cleanup(easy)
    curl_slist_free_all(headerList)
    errorBuffer.deallocate()
  }

  /// Whether the outcome is decided (done, failed or cancelled).
  var isFinished: Bool { state.withLock { $0.finished } }

  // MARK: - The waiting task's side

  /// Waits for the response head, starting the transfer on `loop`.
  func start() async throws(HTTPTransportError) -> HTTPStreamedResponse {
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let started = state.withLock { state in
            guard !state.finished else { return false }
            state.head = continuation
            return true
          }
          if started {
            loop.add(self)
            if streams { watchForTheHead() }
          } else {
            continuation.resume(throwing: HTTPTransportError.cancelled(endpoint: url))
          }
        }
      } onCancel: {
        cancel()
      }
    } catch let error as HTTPTransportError {
      throw error
    } catch {
      throw HTTPTransportError.failed(endpoint: url, detail: "\(error)")
    }
  }

  /// A server that accepts a streamed request and never answers it gets `timeout` for its head
  /// (libcurl's low-speed check would wait for the idle bound, 30 s by default).
  private func watchForTheHead() {
    let timeout = timeout
    Task { [weak self] in
      try? await Task.sleep(for: timeout)
      guard let self, state.withLock({ !$0.headDelivered && !$0.finished }) else { return }
      finish(with: .timedOut(endpoint: url, after: timeout))
      loop.remove(self)
    }
  }

  /// Stops the transfer now: whoever waits gets `.cancelled`, and the multi thread drops the
  /// handle (closing its connection) as soon as it wakes.
  func cancel() {
    finish(with: .cancelled(endpoint: url))
    loop.remove(self)
  }

  // MARK: - The multi thread's side

  /// Called by the loop when libcurl is done with the transfer.
  func complete(_ code: CURLcode) {
    if code == CURLE_OK {
      deliverHead()
      finish(with: nil)
      return
    }
    let reason = state.withLock { $0.stopReason }
    finish(with: reason ?? HTTPTransportError(curl: code, message: errorMessage(code), transfer: self))
  }

  /// Resumes the head's waiter (or ends the body) with `error`, or ends the body normally.
  private func finish(with error: HTTPTransportError?) {
    let head: CheckedContinuation<HTTPStreamedResponse, any Error>? = state.withLock { state in
      guard !state.finished else { return nil }
      state.finished = true
      defer { state.head = nil }
      return state.head
    }
    if let error {
      head?.resume(throwing: error)
      bodyInput.finish(throwing: error)
    } else {
      bodyInput.finish()
    }
  }

  private func errorMessage(_ code: CURLcode) -> String {
    let text = String(cString: errorBuffer)
    return text.isEmpty ? String(cString: curl_easy_strerror(code)) : text
  }

  /// The system error of the last connect, such as ECONNREFUSED (0 when none).
  var osErrno: Int32 {
    var value = 0
    _ = ccurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &value)
    return Int32(clamping: value)
  }

  /// One header line (with its CRLF). Returns false to stop the transfer.
  fileprivate func receiveHeader(_ line: Substring) -> Bool {
    if line.hasPrefix("HTTP/") {
      // A new header block: an interim 1xx answer came first, or this is the first.
      state.withLock { $0.headers = [:] }
      return true
    }
    guard line.isEmpty else {
      guard let colon = line.firstIndex(of: ":") else { return true }
      let name = line[..<colon].lowercased()
      let value = String(line[line.index(after: colon)...].trimmingSpaces())
      state.withLock { state in
        state.headers[name] = state.headers[name].map { $0 + ", " + value } ?? value
      }
      return true
    }
    var status = 0
    _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
    if (100..<200).contains(status) { return true }
    state.withLock { $0.status = status }
    let announced = state.withLock { $0.headers["content-length"] }.flatMap { Int($0) } ?? 0
    if announced > maxBodySize {
      // Refused at the head: not one byte of the body is read.
      state.withLock { $0.stopReason = .bodyTooLarge(endpoint: url, limit: maxBodySize) }
      return false
    }
    deliverHead()
    return true
  }

  /// What the write callback tells libcurl.
  fileprivate enum BodyVerdict {
    case taken
    case stop
    /// Keep the bytes and pause; libcurl delivers them again after `CURLPAUSE_CONT`.
    case pause
  }

  fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> BodyVerdict {
    let verdict = state.withLock { state -> BodyVerdict in
      guard !state.finished else { return .stop }
      if state.buffered >= Self.bufferLimit {
        state.paused = true
        return .pause
      }
      state.received += bytes.count
      if state.received > maxBodySize {
        state.stopReason = .bodyTooLarge(endpoint: url, limit: maxBodySize)
        return .stop
      }
      state.buffered += bytes.count
      return .taken
    }
    guard case .taken = verdict else { return verdict }
    deliverHead()
    bodyInput.yield([UInt8](bytes))
    return .taken
  }

  /// The reader took `count` body bytes: a paused transfer goes on once half the limit is free.
  func bodyConsumed(_ count: Int) {
    let resume = state.withLock { state -> Bool in
      state.buffered -= count
      guard state.paused, state.buffered <= Self.bufferLimit / 2 else { return false }
      state.paused = false
      return true
    }
    if resume { loop.resume(self) }
  }

  /// Hands the head to the waiting task, once.
  private func deliverHead() {
    typealias Ready = (CheckedContinuation<HTTPStreamedResponse, any Error>, HTTPStreamedResponse)
    let ready: Ready? = state.withLock { state in
      guard !state.headDelivered, !state.finished, let head = state.head, let body = state.body else {
        return nil
      }
      state.headDelivered = true
      state.head = nil
      state.body = nil
      if state.status == 0 {
        var status = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        state.status = status
      }
      let response = HTTPStreamedResponse(
        status: state.status, headers: state.headers,
        body: HTTPBody(stream: body, consumed: { [weak self] in self?.bodyConsumed($0) }))
      return (head, response)
    }
    guard let (continuation, response) = ready else { return }
    // A reader that stops early, is cancelled or drops the body ends the transfer.
    bodyInput.onTermination = { [weak self] termination in
      if case .cancelled = termination { self?.cancel() }
    }
    continuation.resume(returning: response)
  }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(clamping: seconds) &* 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}

/// libcurl's write callback: `userData` is the unretained ``CurlTransfer``.
private let curlWriteCallback: ccurl_data_fn = { bytes, size, count, userData in
  guard let bytes, let userData else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
  let length = size * count
  switch transfer.receiveBody(UnsafeRawBufferPointer(start: bytes, count: length)) {
  case .taken: return length
  case .stop: return 0
  case .pause: return ccurl_write_pause()
  }
}

/// libcurl's header callback, one line at a time: `userData` is the unretained ``CurlTransfer``.
private let curlHeaderCallback: ccurl_data_fn = { bytes, size, count, userData in
  guard let bytes, let userData else { return 0 }
  let transfer = Unmanaged<CurlTransfer>.fromOpaque(userData).takeUnretainedValue()
  let length = size * count
  var line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)[...]
  while line.hasSuffix("\n") || line.hasSuffix("\r") || line.hasSuffix("\r\n") { line = line.dropLast() }
  return transfer.receiveHeader(line) ? length : 0
}
