import Glibc

/// CPU time used by the calling thread (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`): what tests use
/// to bound the cost of work, since wall-clock time also counts other processes on a loaded machine.
public enum ThreadCPUTime {
  /// The calling thread's CPU time so far, in seconds.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Runs `body` and returns its result with the calling thread's CPU seconds it took.
  public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
    let start = now()
    let result = try body()
    return (result, now() - start)
  }
}
