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
/// share of the open connections, plus one; a thread holding more hands its answers to the
/// executor, as before.
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

  /// The open connections by the libmicrohttpd thread that accepted them (which serves them).
  private let placement = Mutex(Placement())
  /// How many libmicrohttpd threads share the connections.
  let threads: Int

  /// Where the open connections are.
  private struct Placement {
    /// The thread of each open connection, by socket.
    var owners: [Int32: pthread_t] = [:]
    /// Open connections by thread.
    var counts: [pthread_t: Int] = [:]
  }

  /// - Parameters:
  ///   - limit: the longest an inline answer may take (nil or zero: nothing runs inline).
  ///   - pause: how long inline answers stop after one that took longer.
  ///   - threads: how many libmicrohttpd threads serve connections.
  init(limit: Duration?, pause: Duration = .seconds(1), threads: Int = 1) {
    self.limit = limit ?? .zero
    self.pause = pause
    self.threads = max(1, threads)
  }

  /// A connection was accepted, by (and so served by) the calling thread.
  func opened(_ socket: Int32) {
    let thread = pthread_self()
    placement.withLock { placement in
      if let previous = placement.owners.updateValue(thread, forKey: socket) {
        placement.counts[previous, default: 1] -= 1
      }
      placement.counts[thread, default: 0] += 1
    }
  }

  /// A connection closed (from whichever thread).
  func closed(_ socket: Int32) {
    placement.withLock { placement in
      guard let thread = placement.owners.removeValue(forKey: socket) else { return }
      placement.counts[thread, default: 1] -= 1
    }
  }

  /// Whether the calling thread holds no more than its share of the open connections, plus one.
  private func holdsItsShare() -> Bool {
    let thread = pthread_self()
    let (mine, total) = placement.withLock { ($0.counts[thread] ?? 0, $0.owners.count) }
    return Self.isWithinShare(holding: mine, of: total, threads: threads)
  }

  /// Whether a thread holding `held` of `total` connections holds at most its share of them
  /// among `threads` threads, plus one.
  static func isWithinShare(holding held: Int, of total: Int, threads: Int) -> Bool {
    held * threads <= total + threads
  }

  /// How many times `limit` an answer that waited may take in wall time before it counts as long:
  /// 25 ms for the default 5 ms, past what the kernel's scheduler makes a runnable thread wait
  /// (its latency target is 12 ms on 2 cores, 24 ms on 8).
  static let waitFactor: Int64 = 5

  /// Runs `job` here and returns its answer, unless inline answers are off or paused: then nil,
  /// and the caller hands `job` to the executor.
  func run(_ job: () -> HTTPResponse) -> HTTPResponse? {
    guard limit > .zero else { return nil }
    let start = Self.nanoseconds()
    guard start >= pausedUntil.load(ordering: .relaxed), holdsItsShare() else { return nil }
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
