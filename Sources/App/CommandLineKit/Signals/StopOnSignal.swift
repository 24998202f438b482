/// Ends long-running work (`watch`, a subscription) outside the shell on SIGINT or SIGTERM by
/// cancelling its task, which returns normally; the default actions come back afterwards.
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
