import GraphQL
import GraphQLWire

/// A `GraphQLService` that runs requests through the engine's `GraphQLRequestProcessor`,
/// synchronously; its ``OperationAdmission`` refuses mutations over GET and subscriptions. The
/// schema's resolvers must all be `.sync`.
public struct GraphQLProcessorService<Context: Sendable>: GraphQLService {
  /// The engine pipeline requests run through.
  public let processor: GraphQLRequestProcessor<Context>
  /// Builds the per-request context from the raw `Authorization` header.
  public let makeContext: @Sendable (_ authorization: String?) throws -> Context

  /// - Parameter makeContext: builds the resolver context; a throw makes the request a 500.
  public init(
    processor: GraphQLRequestProcessor<Context>,
    makeContext: @escaping @Sendable (_ authorization: String?) throws -> Context
  ) {
    self.processor = processor
    self.makeContext = makeContext
  }

  /// Runs the request through the processor, whose response says how it ended.
  /// - Throws: whatever `makeContext` throws.
  public func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLResponse
  {
    let context = try makeContext(authorization)
    return processor.process(request, context: context, admission: .http(allowMutations: allowMutations))
  }

  /// Runs a query or mutation incrementally through the processor; nil for a subscription or
  /// when `makeContext` throws (then `start` answers).
  public func startIncremental(_ request: GraphQLRequest, authorization: String?, format: IncrementalFormat)
    -> AsyncStream<IncrementalPayload>?
  {
    guard let context = try? makeContext(authorization) else { return nil }
    return processor.processIncrementally(
      request, context: context, admission: .http(allowMutations: true), format: format)
  }
}
