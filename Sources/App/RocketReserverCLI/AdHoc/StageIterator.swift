import RocketClient

/// The stages of one answer, read in turns: the first inside the request's spinner, the rest
/// after it. `@unchecked Sendable`: one command reads it, one stage at a time, never from two
/// tasks at once.
final class StageIterator: @unchecked Sendable {
  private var iterator: AsyncThrowingStream<IncrementalStage, any Error>.AsyncIterator

  init(_ stages: AsyncThrowingStream<IncrementalStage, any Error>) {
    iterator = stages.makeAsyncIterator()
  }

  /// The next stage; nil after the last.
  func next() async throws(RocketClientError) -> IncrementalStage? {
    do {
      return try await iterator.next()
    } catch let error as RocketClientError {
      throw error
    } catch {
      // `stages(of:)` throws only RocketClientError.
      throw RocketClientError.backendFailed(message: "\(error)")
    }
  }
}
