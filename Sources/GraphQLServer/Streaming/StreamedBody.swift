import CMicroHTTPD
import Synchronization

/// The body of one streamed subscription response (multipart or SSE), between the task that
/// produces it and libmicrohttpd's content reader.
///
/// When nothing is waiting the reader suspends the connection (`MHD_suspend_connection`) instead
/// of being called again at once; `append` resumes it. libmicrohttpd forbids resuming a
/// connection that is not suspended, so both happen under the same lock, with a flag.
final class StreamedBody: Sendable {
  /// libmicrohttpd's connection, used only under the lock, while the response is live.
  private struct Connection: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  private struct State: Sendable {
    var pending: [UInt8] = []
    var ended = false
    var failed = false
    var suspended = false
    var connection: Connection?
    var tasks: [Task<Void, Never>] = []
    var released = false
  }

  let format: StreamFormat
  /// The most bytes waiting for a client that does not read before the response is dropped.
  let maxPendingBytes: Int
  private let state: Mutex<State>

  init(format: StreamFormat, connection: OpaquePointer, maxPendingBytes: Int = 1 << 20) {
    self.format = format
    self.maxPendingBytes = maxPendingBytes
    state = Mutex(State(pending: format.opening, connection: Connection(pointer: connection)))
  }

  /// Queues `bytes`, and ends the stream after them when `end`.
  func append(_ bytes: [UInt8], end: Bool = false) {
    state.withLock { state in
      guard !state.ended, !state.released else { return }
      state.pending += bytes
      if state.pending.count > maxPendingBytes { state.failed = true }
      if end || state.failed { state.ended = true }
      if state.suspended, let connection = state.connection {
        state.suspended = false
        MHD_resume_connection(connection.pointer)
      }
    }
  }

  /// Ends the stream with its closing marker (the source ended, or the server stops).
  func finish() { append(format.end, end: true) }

  /// Tasks to cancel when the response is released.
  func own(_ task: Task<Void, Never>) {
    let cancelled = state.withLock { state -> Bool in
      if state.released { return true }
      state.tasks.append(task)
      return false
    }
    if cancelled { task.cancel() }
  }

  /// libmicrohttpd's content reader.
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    state.withLock { state in
      if state.failed { return cmhd_reader_end_with_error() }
      if state.pending.isEmpty {
        if state.ended { return cmhd_reader_end_of_stream() }
        if let connection = state.connection {
          state.suspended = true
          MHD_suspend_connection(connection.pointer)
        }
        return 0
      }
      let count = min(max, state.pending.count)
      state.pending.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
      }
      state.pending.removeFirst(count)
      return count
    }
  }

  /// libmicrohttpd let go of the response (sent, or the client went away).
  func release() {
    let tasks = state.withLock { state in
      state.released = true
      state.connection = nil
      defer { state.tasks = [] }
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }

}
