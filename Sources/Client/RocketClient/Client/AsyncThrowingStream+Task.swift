extension AsyncThrowingStream.Continuation where Failure == any Error {
  /// Runs `body` on a task of its own, then finishes the stream, with the error `body` throws if
  /// it throws; the task is cancelled when the stream's consumer stops iterating.
  func finish(after body: @escaping @Sendable () async throws -> Void) {
    let task = Task {
      do {
        try await body()
        finish()
      } catch {
        finish(throwing: error)
      }
    }
    onTermination = { _ in task.cancel() }
  }
}
