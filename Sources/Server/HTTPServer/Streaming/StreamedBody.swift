import CMicroHTTPD
import Synchronization

/// The body of one streamed response, between its producer and libmicrohttpd's reader. With
/// nothing waiting the reader suspends the connection and `append` resumes it, under one lock
/// (libmicrohttpd forbids resuming one that is not suspended). The producer waits for room
/// (`reserve`); a client whose unread bytes do not move for the stall timeout gets the framing's
/// `stalledEnding` and the end instead.
package final class StreamedBody: Sendable {
  /// libmicrohttpd's connection, used only under the lock, while the response is live.
  private struct Connection: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  private struct State: Sendable {
    /// What waits for the reader, as appended (`sentOfFirst` bytes of the first are out).
    var pending: [[UInt8]] = []
    var sentOfFirst = 0
    var pendingBytes = 0
    /// Bytes the reader took so far (the client's progress).
    var bytesRead = 0
    var ended = false
    var failed = false
    var suspended = false
    var connection: Connection?
    var tasks: [Task<Void, Never>] = []
    var released = false
    /// Whether the client has stopped reading.
    var stall = StallWatch()
  }

  let framing: StreamFraming

  /// Bytes the client has taken so far.
  var bytesSent: Int { state.withLock { $0.bytesRead } }
  /// Waits while 64 KiB or more are pending (`reserve`).
  private let window = SendWindow(limit: 64 << 10)
  /// The most bytes waiting before the response is dropped (a safety net: producers reserve).
  let maxPendingBytes = 1 << 20
  private let state: Mutex<State>

  init(framing: StreamFraming, connection: OpaquePointer) {
    self.framing = framing
    var initial = State(connection: Connection(pointer: connection))
    if !framing.opening.isEmpty {
      initial.pending = [framing.opening]
      initial.pendingBytes = framing.opening.count
    }
    state = Mutex(initial)
  }

  /// Queues `bytes`, and ends the stream after them when `end`.
  package func append(_ bytes: [UInt8], end: Bool = false) {
    state.withLock { state in
      guard !state.ended, !state.released else { return }
      if !bytes.isEmpty {
        state.pending.append(bytes)
        state.pendingBytes += bytes.count
      }
      if state.pendingBytes > maxPendingBytes { state.failed = true }
      if end || state.failed { state.ended = true }
      resume(&state)
      update(window: state)
    }
  }

  /// Ends the stream with its closing marker (the source ended, or the server stops).
  package func finish() { append(framing.end, end: true) }

  /// Sends `bytes` only when nothing else waits (a keep-alive must not pile up).
  package func appendIfIdle(_ bytes: [UInt8]) {
    let idle = state.withLock { $0.pendingBytes == 0 }
    if idle { append(bytes) }
  }

  /// Waits until fewer than 64 KiB wait for the client; false when the stream ended or
  /// the task was cancelled.
  package func reserve() async -> Bool { await window.reserve(0) }

  /// Ends the stream with `stalledEnding` when bytes have waited, none read, for `timeout`;
  /// whether it did. Called periodically.
  func endIfStalled(now: ContinuousClock.Instant, timeout: Duration) -> Bool {
    state.withLock { state -> Bool in
      guard !state.ended, !state.released else { return false }
      guard
        state.stall.isStalled(
          waiting: state.pendingBytes > 0, progress: state.bytesRead, now: now, timeout: timeout)
      else { return false }
      // What waits is dropped, except the rest of a part already begun.
      if state.sentOfFirst > 0, let first = state.pending.first {
        state.pending = [first]
        state.pendingBytes = first.count - state.sentOfFirst
      } else {
        state.pending = []
        state.pendingBytes = 0
      }
      let ending = framing.stalledEnding + framing.end
      state.pending.append(ending)
      state.pendingBytes += ending.count
      state.ended = true
      resume(&state)
      window.close()
      return true
    }
  }

  /// Appends what `encode` makes of each of `elements` (told whether it is the first), each once
  /// the client has read enough of what waits (`reserve`), then the end; `ended` runs when the
  /// task that does it ends. The task is the body's (`own`).
  package func forward<Elements: AsyncSequence & Sendable>(
    _ elements: Elements, ended: (@Sendable () -> Void)? = nil,
    _ encode: @escaping @Sendable (Elements.Element, _ first: Bool) -> [UInt8]
  ) where Elements.Failure == Never {
    own(
      Task {
        defer { ended?() }
        var first = true
        for await element in elements {
          guard await reserve() else { return }
          append(encode(element, first))
          first = false
        }
        if !Task.isCancelled { finish() }
      })
  }

  /// Tasks to cancel when the response is released.
  package func own(_ task: Task<Void, Never>) {
    let cancelled = state.withLock { state -> Bool in
      if state.released { return true }
      state.tasks.append(task)
      return false
    }
    if cancelled { task.cancel() }
  }

  /// libmicrohttpd's content reader.
  func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
    state.withLock { state -> Int in
      if state.failed { return cmhd_reader_end_with_error() }
      guard let first = state.pending.first else {
        if state.ended { return cmhd_reader_end_of_stream() }
        if let connection = state.connection {
          state.suspended = true
          MHD_suspend_connection(connection.pointer)
        }
        return 0
      }
      let count = min(max, first.count - state.sentOfFirst)
      first.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base + state.sentOfFirst, byteCount: count)
      }
      state.sentOfFirst += count
      if state.sentOfFirst == first.count {
        state.pending.removeFirst()
        state.sentOfFirst = 0
      }
      state.pendingBytes -= count
      state.bytesRead += count
      update(window: state)
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
    window.close()
    for task in tasks { task.cancel() }
  }

  private func resume(_ state: inout State) {
    if state.suspended, let connection = state.connection {
      state.suspended = false
      MHD_resume_connection(connection.pointer)
    }
  }

  /// Tells the window what waits (under the lock, so reports keep their order); an ended stream
  /// closes it.
  private func update(window state: State) {
    if state.ended { window.close() } else { window.update(queued: state.pendingBytes) }
  }
}
