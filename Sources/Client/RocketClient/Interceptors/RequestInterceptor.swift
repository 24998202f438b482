import GraphQLAPI
import GraphQLWire

/// One step of the ``RequestChain`` (apollo-ios's `ApolloInterceptor`): it sees the request on
/// its way out and the response or error on its way back. It changes only what is its concern,
/// calls `chain.proceed` at most once unless retrying is its concern, throws
/// ``RocketClientError`` to stop the request, and is safe to call from many tasks at once.
public protocol RequestInterceptor: Sendable {
  /// Handles `request`: usually adjusts it, calls `chain.proceed`, and returns the response.
  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
}

/// A request on its way to a transport: the GraphQL part plus what interceptors decide.
public struct OutgoingRequest: Sendable {
  /// The server the request is for: ``Credential/embeddedEndpoint`` or the endpoint URL string.
  public let endpointKey: String
  /// The GraphQL request.
  public var operation: GraphQLRequest
  /// Query, mutation or subscription: a mutation is never retried.
  public var operationType: GraphQLOperationType
  /// Header fields the transport sends (the HTTP transport adds its content headers; the embedded
  /// backend reads `Authorization`).
  public var headers: HTTPHeaders
  /// Where the answer may come from (default network-first); only the ``CacheInterceptor``
  /// reads it.
  public var cachePolicy: CachePolicy = .networkFirst
  /// What the caller hands to the interceptors (the CLI's capture for `--json`), or nil.
  public var context: (any RequestContext)?
  /// How the HTTP transport sends it (default POST): GET only for a query whose hash the
  /// ``AutomaticPersistedQueryInterceptor`` sends; other transports ignore it.
  public var httpMethod: HTTPRequest.Method = .post
  /// What the cache needs to store and rebuild the answer; nil for a request the cache leaves
  /// alone (introspection, ad-hoc documents).
  public var cacheable: CacheableOperation?
  /// Called with each stage of an incremental answer as it arrives; nil when only the result
  /// matters. A retry may start the stages over.
  public var stageObserver: (@Sendable (IncrementalStage) -> Void)?

  /// A request with no headers yet.
  public init(
    endpointKey: String, operation: GraphQLRequest, operationType: GraphQLOperationType = .query,
    headers: HTTPHeaders = HTTPHeaders()
  ) {
    self.endpointKey = endpointKey
    self.operation = operation
    self.operationType = operationType
    self.headers = headers
  }

  /// `target` (a ``HTTPTransport/target``, `POST URL`, or a name) with this request's method:
  /// `GET URL` for a request that goes by GET.
  public func shownTarget(_ target: String) -> String {
    guard httpMethod == .get, target.hasPrefix("POST ") else { return target }
    return "GET " + target.dropFirst("POST ".count)
  }

  /// The `Authorization` header value, nil for an anonymous request.
  public var authorization: String? {
    get { headers["Authorization"] }
    set { headers["Authorization"] = newValue }
  }
}

/// What a transport brought back: the GraphQL response body and, over HTTP, the status and size.
public struct TransportResponse: Sendable {
  /// The response body: an object with `data` and/or `errors`.
  public var json: JSON
  /// The HTTP status; nil for the embedded backend.
  public var status: Int?
  /// The body's size in bytes; nil when the transport does not know it.
  public var byteCount: Int?
  /// Set when the answer came from the normalized cache instead of the server.
  public var cachedAnswer: CachedAnswer?
  /// The answer's `Cache-Control` header field, when the server sent one (GraphQL servers send
  /// it on answers to GET): it caps how long the cache keeps the answer's fields fresh.
  public var cacheControl: String?
  /// The answer's header fields over HTTP, names in lower case (for `--trace`); empty for the
  /// embedded backend and for an answer from the cache.
  public var headers: [String: String] = [:]

  /// A response.
  public init(json: JSON, status: Int? = nil, byteCount: Int? = nil) {
    self.json = json
    self.status = status
    self.byteCount = byteCount
  }
}
