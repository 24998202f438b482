import Glibc
import Synchronization

/// Whether an answer the router expects to be brief (`HTTPResponder.computeBrief`) is computed at
/// once on the libmicrohttpd thread that read its request, instead of being handed to the
/// `FairExecutor`.
///
/// The hand-off costs a condition signal, a thread wake-up, an `eventfd` write and a `poll`
/// wake-up to resume the connection: 0.6 context switches and about a fifth of `serve`'s CPU
/// for a LaunchList answer (docs/performance.md). Computed on libmicrohttpd's thread, an answer
/// makes that thread's other connections wait, which is harmless only while answers are brief.
/// So the router's promise is checked: an inline answer that took longer than `limit` (of its
/// own time: see `run`) stops inline answers for `pause`, during which every answer goes to the
/// fair executor again. A router that is wrong about one kind of request, or a backend that
/// stalls, costs each libmicrohttpd thread at most one such answer per pause.
///
/// A connection stays on the libmicrohttpd thread that accepted it, and the kernel does not
/// spread connections evenly: with wrk's 8 connections one thread sometimes held all of them.
/// Answered inline, their requests then took turns on one core while the executor's threads
/// would have used every core. So a thread computes inline only while it holds no more than its
/// share of the open connections, plus one (`ConnectionGuard.callerHoldsItsShare`, asked by
/// `ServerCore`); a thread holding more hands its answers to the executor, as before.
final class InlineBudget: Sendable {
  /// The longest an inline answer may take without pausing inline answers.
  let limit: Duration
  /// How long inline answers stop after one took longer than `limit`.
  let pause: Duration
  /// The monotonic clock's reading, in nanoseconds, before which no answer runs inline.
  private let pausedUntil = Atomic<Int64>(0)
  /// Answers computed inline.
  private let inlineCount = Atomic<Int>(0)
  /// Inline answers that took longer than `limit`.
  private let overrunCount = Atomic<Int>(0)

  /// - Parameters:
  ///   - limit: the longest an inline answer may take (nil or zero: nothing runs inline).
  ///   - pause: how long inline answers stop after one that took longer.
  init(limit: Duration?, pause: Duration = .seconds(1)) {
    self.limit = limit ?? .zero
    self.pause = pause
  }

  /// How many times `limit` an answer that waited may take in wall time before it counts as long:
  /// 25 ms for the default 5 ms, past what the kernel's scheduler makes a runnable thread wait
  /// (its latency target is 12 ms on 2 cores, 24 ms on 8).
  static let waitFactor: Int64 = 5

  /// Runs `job` here and returns its answer, unless inline answers are off or paused or
  /// `allowed` (asked last) says no: then nil, and the caller hands `job` to the executor.
  func run(_ job: () -> BufferedResponse, if allowed: @autoclosure () -> Bool = true) -> BufferedResponse? {
    guard limit > .zero else { return nil }
    let start = Self.nanoseconds()
    guard start >= pausedUntil.load(ordering: .relaxed), allowed() else { return nil }
    let before = ThreadUsage()
    let response = job()
    let end = Self.nanoseconds()
    inlineCount.add(1, ordering: .relaxed)
    let limit = Self.nanoseconds(limit)
    // Only the answer's own time counts: its CPU time, or its wall time when it waited (a lock,
    // the disk) and took long enough that being preempted cannot explain it. A thread the kernel
    // preempted on a busy machine was not slow itself (wall time alone paused inline answers
    // once a second under wrk), and the executor's threads would wait for a CPU as long.
    if end - start > limit,
      before.map({
        ThreadUsage()?.since($0, exceeds: limit, waitedPast: end - start > limit * Self.waitFactor) ?? false
      }) ?? true
    {
      overrunCount.add(1, ordering: .relaxed)
      pausedUntil.store(end + Self.nanoseconds(pause), ordering: .relaxed)
    }
    return response
  }

  /// The calling thread's CPU time and voluntary context switches (`getrusage(RUSAGE_THREAD)`).
  private struct ThreadUsage {
    let cpuNanoseconds: Int64
    let waits: Int

    init?() {
      var usage = rusage()
      // RUSAGE_THREAD (1): Glibc's module leaves the Linux-only constant out.
      guard getrusage(__rusage_who_t(1), &usage) == 0 else { return nil }
      cpuNanoseconds =
        (Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)) * 1_000_000_000
        + (Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)) * 1_000
      waits = usage.ru_nvcsw
    }

    /// Whether the thread, since `earlier`, used more than `limit` nanoseconds of CPU, or waited
    /// when `waitedPast` (its wall time was long) holds.
    func since(_ earlier: ThreadUsage, exceeds limit: Int64, waitedPast: Bool) -> Bool {
      cpuNanoseconds - earlier.cpuNanoseconds > limit || (waitedPast && waits > earlier.waits)
    }
  }

  /// Answers computed inline since the server started.
  var inlineAnswers: Int { inlineCount.load(ordering: .relaxed) }
  /// Inline answers that took longer than `limit` (each paused inline answers).
  var overruns: Int { overrunCount.load(ordering: .relaxed) }

  /// `CLOCK_MONOTONIC` in nanoseconds: read through the vDSO, without a system call.
  private static func nanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
