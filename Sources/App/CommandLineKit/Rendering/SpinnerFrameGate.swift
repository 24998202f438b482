import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a spinner frame from landing after its line was erased for good: a one-shot command's
/// Ctrl-C handler closes the gate, so no frame starts after it and one being written is out
/// before the erase. Atomics only; ``close(waitingAtMostMilliseconds:)`` is async-signal-safe.
package final class SpinnerFrameGate: Sendable {
  /// The gate the spinner and the one-shot Ctrl-C handler share.
  package static let shared = SpinnerFrameGate()

  private let closed = Atomic<Bool>(false)
  /// Frames being written right now.
  private let drawing = Atomic<Int>(0)

  /// An open gate of its own (tests; the program uses ``shared``).
  package init() {}

  /// Whether the gate was closed.
  package var isClosed: Bool { closed.load(ordering: .sequentiallyConsistent) }

  /// Runs `draw` (the write of one frame) unless the gate is closed.
  /// - Returns: whether it ran.
  @discardableResult
  package func draw(_ draw: () -> Void) -> Bool {
    // Counted before the check: `close` either sees this frame in progress or this check
    // sees the gate closed (both sequentially consistent).
    drawing.add(1, ordering: .sequentiallyConsistent)
    defer { drawing.subtract(1, ordering: .sequentiallyConsistent) }
    guard !isClosed else { return false }
    draw()
    return true
  }

  /// Closes the gate, then waits until no frame is being written, at most `limit` milliseconds:
  /// the caller may have interrupted the drawing thread itself.
  package func close(waitingAtMostMilliseconds limit: Int = 100) {
    closed.store(true, ordering: .sequentiallyConsistent)
    var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    var waited = 0
    while drawing.load(ordering: .sequentiallyConsistent) > 0 && waited < limit {
      nanosleep(&pause, nil)
      waited += 1
    }
  }
}
