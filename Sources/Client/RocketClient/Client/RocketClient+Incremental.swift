import GraphQLAPI
import GraphQLWire
import Synchronization

extension RocketClient {
  /// Sends a request (a query with `@defer` or `@stream`, say) through the same chain as
  /// ``execute(_:operationType:context:)`` and yields each stage of the answer as it arrives: the
  /// payload just received and the response merged so far. An ordinary answer is one stage with
  /// `hasNext` false. Ending the iteration early cancels the request.
  public func stages(
    of request: GraphQLRequest, operationType: GraphQLOperationType = .query,
    context: (any RequestContext)? = nil
  ) -> AsyncThrowingStream<IncrementalStage, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: IncrementalStage.self)
    var outgoing = OutgoingRequest(endpointKey: endpointKey, operation: request, operationType: operationType)
    outgoing.context = context
    let staged = Mutex(false)
    outgoing.stageObserver = { stage in
      staged.withLock { $0 = true }
      continuation.yield(stage)
    }
    continuation.finish { [outgoing] in
      let response = try await run(outgoing)
      if !staged.withLock({ $0 }) {
        continuation.yield(IncrementalStage(payload: response, result: response, hasNext: false, index: 1))
      }
    }
    return stream
  }
}
