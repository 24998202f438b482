import Glibc
import Synchronization
import Testing

@testable import RocketClient

/// The cache's writer: jobs in order, one at a time, on a thread that is not the caller's.
@Suite struct BlockingWorkQueueTests {
  @Test func jobsRunInOrderOneAtATime() async {
    let queue = BlockingWorkQueue()
    let log = Mutex<(order: [Int], running: Int, overlapped: Bool)>(([], 0, false))
    for index in 0..<50 {
      queue.enqueue {
        log.withLock { log in
          log.running += 1
          if log.running > 1 { log.overlapped = true }
        }
        usleep(100)
        log.withLock { log in
          log.order.append(index)
          log.running -= 1
        }
      }
    }
    // Queued last, so it returns after the others ran.
    await queue.run { () -> Void in }
    let result = log.withLock { $0 }
    #expect(result.order == Array(0..<50))
    #expect(!result.overlapped)
  }

  @Test func runReturnsTheValueOrTheErrorFromAnotherThread() async throws {
    struct Failure: Error, Equatable {}
    let queue = BlockingWorkQueue()
    let caller = pthread_self()
    let worker = await queue.run { () -> pthread_t in pthread_self() }
    #expect(pthread_equal(caller, worker) == 0)
    #expect(await queue.run { () -> Int in 42 } == 42)
    await #expect(throws: Failure.self) {
      try await queue.run { () throws(Failure) -> Int in throw Failure() }
    }
  }
}
