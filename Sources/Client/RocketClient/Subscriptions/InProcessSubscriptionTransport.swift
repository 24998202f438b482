import GraphQLWire

/// Runs subscriptions on a GraphQL backend in this process, such as the embedded `LaunchBackend`.
public struct InProcessSubscriptionTransport: SubscriptionTransport {
  /// How a backend answers the start of an operation.
  public enum Start: Sendable {
    /// One response: a query's or mutation's, or the errors of a request that cannot run.
    case single([UInt8])
    /// A subscription: one encoded `ExecutionResult` per event, until the backend ends it or
    /// the consumer stops.
    case stream(AsyncStream<[UInt8]>)
  }

  /// Starts one operation: the request and the `Authorization` value (nil when anonymous).
  public typealias Handler = @Sendable (GraphQLRequest, String?) -> Start

  private let handler: Handler

  /// A transport calling `handler` (thread-safe) for each subscription.
  public init(handler: @escaping Handler) {
    self.handler = handler
  }

  /// Starts the subscription on the backend; its errors, or one result instead of a stream, throw.
  public func subscribe(_ request: OutgoingRequest) async throws(RocketClientError) -> SubscriptionResults {
    if Task.isCancelled { throw RocketClientError.cancelled }
    switch handler(request.operation, request.authorization) {
    case .single(let body):
      let json = try? JSON(parsing: body)
      if let errors = json?["errors"], errors.arrayValue?.isEmpty == false {
        throw RocketClientError.server(errors: GraphQLError.list(errors))
      }
      throw RocketClientError.invalidResponse(
        endpoint: request.endpointKey, reason: "one result instead of a stream of events")
    case .stream(let events):
      return SubscriptionResults { continuation in
        continuation.finish {
          for await body in events {
            guard let json = try? JSON(parsing: body) else { continue }
            continuation.yield(json)
          }
        }
      }
    }
  }
}
