import GraphQLAPI
import GraphQLWire

extension RocketClient {
  /// Starts a generated subscription on `transport`, as the logged-in user when there is one; an
  /// `Authorization` among `headers` wins over the saved token.
  public func subscribe<Operation: GraphQLOperation>(
    _ operation: Operation, headers: HTTPHeaders = HTTPHeaders(), via transport: any SubscriptionTransport
  ) async throws(RocketClientError) -> SubscriptionResults {
    try await subscribe(GraphQLRequest(operation), headers: headers, via: transport)
  }

  /// Starts the subscription `request` (an ad-hoc document) on `transport`.
  public func subscribe(
    _ request: GraphQLRequest, headers: HTTPHeaders = HTTPHeaders(), via transport: any SubscriptionTransport
  ) async throws(RocketClientError) -> SubscriptionResults {
    var outgoing = OutgoingRequest(
      endpointKey: endpointKey, operation: request, operationType: .subscription, headers: headers)
    // The token goes only to the endpoint it was saved for: `endpointKey` is that endpoint.
    if outgoing.authorization == nil, let credential = try currentCredential() {
      outgoing.authorization = credential.token
    }
    return try await transport.subscribe(outgoing)
  }
}
