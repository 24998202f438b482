import Glibc
import Synchronization

/// Whether a brief answer (`HTTPResponder.computeBrief`) is computed on the libmicrohttpd thread
/// that read its request instead of the `FairExecutor`: the hand-off costs about a fifth of
/// `serve`'s CPU for a LaunchList answer (docs/performance.md), but an inline answer makes the
/// thread's other connections wait. So an inline answer longer than `limit` stops inline answers
/// for `pause`, and a thread holding more than its share of the connections (the kernel does not
/// spread them evenly) hands its answers on (`ConnectionGuard.callerHoldsItsShare`).
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
  /// 25 ms for 5 ms, past the scheduler's latency target (12 ms on 2 cores, 24 ms on 8).
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
    // the disk) for longer than preemption explains; a preempted thread was not slow itself.
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
