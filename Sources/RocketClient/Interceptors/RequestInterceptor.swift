import GraphQL

/// One step a request passes through before its transport sends it, such as adding the auth
/// header. ``RocketClient`` runs its interceptors in order.
///
/// Implementation requirements: change only what is your concern; throw ``RocketClientError``
/// with a user-facing message to stop the request; be safe to call from many tasks at once.
public protocol RequestInterceptor: Sendable {
  /// Adjusts `request` before it is sent.
  ///
  /// - Parameter request: the request so far; the interceptor may change it.
  /// - Throws: ``RocketClientError`` to stop the request.
  func intercept(_ request: inout OutgoingRequest) async throws(RocketClientError)
}

/// A request on its way to a transport: the GraphQL part plus what interceptors decide.
public struct OutgoingRequest: Sendable {
  /// The server the request is for: ``Credential/embeddedEndpoint`` or the endpoint URL string.
  public let endpointKey: String
  /// The GraphQL request.
  public var operation: GraphQLRequest
  /// The `Authorization` header value, nil for an anonymous request.
  public var authorization: String?

  /// A request with no authorization yet.
  ///
  /// - Parameters:
  ///   - endpointKey: the server's key, as in the credential store.
  ///   - operation: the GraphQL request.
  ///   - authorization: the header value (default nil).
  public init(endpointKey: String, operation: GraphQLRequest, authorization: String? = nil) {
    self.endpointKey = endpointKey
    self.operation = operation
    self.authorization = authorization
  }
}
