import GraphQL
import GraphQLWire

/// A `GraphQLService` that runs requests through the engine's `GraphQLRequestProcessor`
/// (document cache, validation, execution), synchronously on the server's thread.
///
/// Mutations are refused for GET requests, and subscriptions always (plain HTTP cannot carry a
/// stream), both by the pipeline's ``OperationAdmission`` stage, before any
/// resolver runs.
/// The schema's resolvers must all be `.sync`.
public struct GraphQLProcessorService<Context: Sendable>: GraphQLService {
  /// The engine pipeline requests run through.
  public let processor: GraphQLRequestProcessor<Context>
  /// Builds the per-request context from the raw `Authorization` header.
  public let makeContext: @Sendable (_ authorization: String?) throws -> Context

  /// - Parameters:
  ///   - processor: the engine pipeline for the schema.
  ///   - makeContext: builds the resolver context from the `Authorization` header; a throw makes
  ///     the request a generic 500.
  public init(
    processor: GraphQLRequestProcessor<Context>,
    makeContext: @escaping @Sendable (_ authorization: String?) throws -> Context
  ) {
    self.processor = processor
    self.makeContext = makeContext
  }

  /// Runs the request through the processor and classifies its outcome.
  /// - Throws: whatever `makeContext` throws.
  public func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLServiceResult
  {
    let context = try makeContext(authorization)
    let response = processor.process(
      request, context: context, admission: .http(allowMutations: allowMutations))
    return GraphQLServiceResult(response, requestedOperationName: request.operationName)
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

extension GraphQLServiceResult {
  /// The result for a request the engine processed: executed requests are `.executed`, a refused
  /// mutation is `.mutationNotAllowed`, a refused subscription `.subscriptionNeedsStream`,
  /// everything else that stopped before execution is a `.requestError`. The access log names the
  /// operation that ran, or, when none ran, the one the client asked for.
  /// - Parameters:
  ///   - response: the engine's outcome and encoded response.
  ///   - requestedOperationName: the `operationName` the client sent.
  public init(_ response: GraphQLResponse, requestedOperationName: String?) {
    let kind: Kind
    switch response.outcome {
    case .executed: kind = .executed
    case .operationNotAllowed where response.operationType == .mutation: kind = .mutationNotAllowed
    case .operationNotAllowed where response.operationType == .subscription: kind = .subscriptionNeedsStream
    case .persistedQueryNotFound, .persistedQueryNotSupported: kind = .persistedQueryMiss
    case .persistedQueryInvalid, .persistedQueryNotInList: kind = .badRequest
    default: kind = .requestError
    }
    self.init(
      body: response.body, kind: kind, operationName: response.operationName ?? requestedOperationName)
    // An answer with errors is kept by no cache, as Apollo Server has it.
    cachePolicy = response.errors.isEmpty ? response.cachePolicy : nil
    errors = response.errors
    errorCount = response.errors.count
  }
}
