import Glibc

/// Starts work on a POSIX thread of its own, without Foundation's `Thread` (which would load ICU
/// at start-up, docs/startup.md).
package enum POSIXThread {
  /// The closure handed to the new thread, kept alive until the thread takes it.
  private final class Work {
    let body: @Sendable () -> Void
    init(body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` on a new detached thread.
  /// - Returns: false when the system refused to create a thread (`body` then never runs).
  @discardableResult
  package static func startDetached(_ body: @escaping @Sendable () -> Void) -> Bool {
    start(detached: true, body) != nil
  }

  /// Runs `body` on a new thread that the caller joins with `pthread_join`.
  /// - Returns: the thread, or nil when the system refused to create one (`body` then never runs).
  package static func startJoinable(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    start(detached: false, body)
  }

  private static func start(detached: Bool, _ body: @escaping @Sendable () -> Void) -> pthread_t? {
    let work = Unmanaged.passRetained(Work(body: body))
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in
        guard let context else { return nil }
        let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
        work.body()
        return nil
      }, work.toOpaque())
    guard status == 0 else {
      work.release()
      return nil
    }
    return thread
  }
}
