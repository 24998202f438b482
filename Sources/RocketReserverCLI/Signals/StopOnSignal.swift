import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Ends long-running work (`watch`) on SIGINT or SIGTERM outside the interactive shell: the
/// work's task is cancelled, it returns normally (status 0, nothing printed), and the signals'
/// default actions come back afterwards. In the shell, Ctrl-C already cancels the running
/// command (see `InterruptSignal`), and a SIGTERM ends the shell as before.
enum StopOnSignal {
  /// Runs `work`, cancelling it when a signal arrives while `enabled`.
  static func run<T: Sendable>(enabled: Bool, _ work: @escaping @Sendable () async -> T) async -> T {
    guard enabled else { return await work() }
    let task = Task { await work() }
    let queue = DispatchQueue(label: "rocket-reserver.watch-signals")
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      // Ignored by the kernel, seen by the source (set up before the first signal can matter).
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { task.cancel() }
      source.resume()
      sources.append(source)
    }
    let value = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    return value
  }
}
