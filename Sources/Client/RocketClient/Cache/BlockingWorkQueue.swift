import POSIXThreads
import Synchronization

/// Runs blocking work (the cache file's writes) one job at a time, in order, on a POSIX thread of
/// its own, never on Swift's cooperative pool. The thread starts when a job arrives at an idle
/// queue and ends when the queue is empty: an idle store holds no thread.
final class BlockingWorkQueue: Sendable {
  private struct State {
    var jobs: [@Sendable () -> Void] = []
    var draining = false
  }

  private let state = Mutex(State())

  /// Queues `job`; it runs after the jobs queued before it.
  func enqueue(_ job: @escaping @Sendable () -> Void) {
    let starts = state.withLock { state in
      state.jobs.append(job)
      defer { state.draining = true }
      return !state.draining
    }
    guard starts else { return }
    if !POSIXThread.startDetached({ self.drain() }) {
      // No thread to be had: the work still has to happen, so here, blocking the caller.
      drain()
    }
  }

  /// Runs `body` on the queue's thread and suspends the calling task until it returns.
  func run<Value: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      enqueue {
        do throws(Failure) {
          continuation.resume(returning: .success(try body()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  private func drain() {
    while let job = nextJob() { job() }
  }

  private func nextJob() -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard !state.jobs.isEmpty else {
        state.draining = false
        return nil
      }
      return state.jobs.removeFirst()
    }
  }
}
