/// Ends long-running work (`watch`, a subscription) on SIGINT or SIGTERM outside the
/// interactive shell: the work's task is cancelled, it returns normally (status 0, nothing
/// printed), and the signals' default actions come back afterwards. The signals arrive as they
/// do for `serve` (`StopSignals`). In the shell, Ctrl-C already cancels the running command (see
/// `ProcessSignals`), and a SIGTERM ends the shell as before.
package enum StopOnSignal {
  /// Runs `work`, cancelling it when a signal arrives while `enabled`.
  package static func run<T: Sendable>(enabled: Bool, _ work: @escaping @Sendable () async -> T) async -> T {
    guard enabled else { return await work() }
    let task = Task { await work() }
    let signals = StopSignals { _ in task.cancel() }
    let value = await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
    signals.restoreDefaults()
    return value
  }
}
