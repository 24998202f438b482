import Foundation
import Glibc
import Testing

@testable import HTTPServer

/// When an answer the router calls brief runs on the libmicrohttpd thread that read it: only while
/// inline answers are on and not paused, and only on a thread holding no more than its share of
/// the connections (`ConnectionGuard`); one that takes long pauses them.
@Suite struct InlineBudgetTests {
  static let answer = BufferedResponse(status: 200, contentType: "text/plain", body: Array("ok".utf8))

  /// Runs `body` on a thread of its own and waits for it.
  static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      body()
      done.signal()
    }
    thread.start()
    done.wait()
  }

  static func threadCPUNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
  }

  @Test(arguments: [
    (held: 4, total: 8, threads: 2, within: true), (5, 8, 2, true), (6, 8, 2, false), (8, 8, 2, false),
    (1, 1, 2, true), (2, 2, 2, true), (3, 3, 2, false), (0, 0, 4, true), (3, 8, 4, true), (4, 8, 4, false),
    (9, 9, 1, true),
  ])
  func aThreadsShareIsItsPartOfTheConnectionsPlusOne(held: Int, total: Int, threads: Int, within: Bool) {
    #expect(ConnectionGuard.isWithinShare(holding: held, of: total, threads: threads) == within)
  }

  @Test func aThreadHoldingMoreThanItsShareIsToldSo() {
    let connections = ConnectionGuard(headTimeout: .seconds(10), lingerBytes: 0)
    for socket: Int32 in 10..<16 { connections.opened(socket) }
    Self.onAnotherThread { for socket: Int32 in 20..<22 { connections.opened(socket) } }
    // This thread holds 6 of 8 connections: more than its 4, plus one.
    #expect(!connections.callerHoldsItsShare(threads: 2))
    // Two of each closed: this thread's 4 of 4 are still more than its 2, plus one.
    for socket: Int32 in [20, 21, 10, 11] { connections.closed(socket) }
    #expect(!connections.callerHoldsItsShare(threads: 2))
    Self.onAnotherThread { for socket: Int32 in 30..<33 { connections.opened(socket) } }
    // 4 of 7: within 7/2 + 1.
    #expect(connections.callerHoldsItsShare(threads: 2))
    // Closing twice, or a socket never opened, changes nothing.
    connections.closed(10)
    connections.closed(99)
    #expect(connections.callerHoldsItsShare(threads: 2))
    // What the budget is told decides, after its own checks.
    let budget = InlineBudget(limit: .milliseconds(50))
    #expect(budget.run({ Self.answer }, if: false) == nil)
    #expect(budget.run({ Self.answer }, if: connections.callerHoldsItsShare(threads: 2))?.status == 200)
    #expect(budget.inlineAnswers == 1)
  }

  @Test func anAnswerThatUsesMoreCPUThanTheLimitPausesInlineAnswers() {
    let budget = InlineBudget(limit: .milliseconds(2), pause: .seconds(600))
    #expect(budget.run { Self.answer }?.status == 200)
    #expect(
      budget.run {
        // Busy for 10 ms of this thread's CPU: its own time, however loaded the machine is.
        let start = Self.threadCPUNanoseconds()
        while Self.threadCPUNanoseconds() - start < 10_000_000 {}
        return Self.answer
      }?.status == 200)
    #expect(budget.overruns == 1)
    #expect(budget.run { Self.answer } == nil)
    #expect(budget.inlineAnswers == 2)
  }

  @Test func withoutALimitNothingRunsInline() {
    let budget = InlineBudget(limit: nil)
    #expect(budget.run { Self.answer } == nil)
    #expect(budget.inlineAnswers == 0)
  }
}
