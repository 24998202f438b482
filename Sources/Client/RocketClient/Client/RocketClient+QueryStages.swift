import GraphQLAPI
import GraphQLWire
import Synchronization

extension RocketClient {
  /// Runs a generated query as ``fetch(_:cachePolicy:context:)`` does and yields its data at each
  /// stage of the answer: for deferred fragments, first the data without them (`.pending`), then
  /// again as each part arrives. The last stage (`hasNext` false) is the answer `fetch` returns;
  /// an earlier stage that does not decode is left out. Ending the iteration cancels the request.
  public func stages<Query: GraphQLQuery>(
    of query: Query, cachePolicy: CachePolicy = .networkFirst, context: (any RequestContext)? = nil
  ) -> AsyncThrowingStream<QueryStage<Query.Data>, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: QueryStage<Query.Data>.self)
    var outgoing = OutgoingRequest(
      endpointKey: endpointKey, operation: GraphQLRequest(query), operationType: Query.operationType)
    outgoing.cachePolicy = cachePolicy
    outgoing.context = context
    outgoing.cacheable = CacheableOperation(query)
    let endpointKey = self.endpointKey
    let lastIndex = Mutex(0)
    outgoing.stageObserver = { stage in
      lastIndex.withLock { $0 = stage.index }
      // The last stage is yielded once the chain has returned it.
      guard stage.hasNext,
        let result = try? GraphQLResult<Query.Data>(
          response: stage.result, operationName: Query.operationName, endpointKey: endpointKey)
      else { return }
      continuation.yield(QueryStage(result: result, hasNext: true, index: stage.index))
    }
    continuation.finish { [outgoing] in
      let response = try await run(outgoing)
      let result = try GraphQLResult<Query.Data>(
        response: response, operationName: Query.operationName, endpointKey: endpointKey)
      continuation.yield(QueryStage(result: result, hasNext: false, index: max(lastIndex.withLock { $0 }, 1)))
    }
    return stream
  }
}
