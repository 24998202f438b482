import GraphQLAPI
import GraphQLWire

/// One step of the ``RequestChain``: it sees the request on its way out and the response (or
/// the error) on its way back, as apollo-ios's `ApolloInterceptor` does.
///
/// An interceptor changes the request and passes it on with `chain.proceed(_:)`, then looks at
/// what comes back, or answers without passing on. Authorization, retries, logging and the
/// raw-response capture of `--json` are each one interceptor.
///
/// For example, an interceptor that counts failures:
/// ```swift
/// struct FailureCounter: RequestInterceptor {
///   let failures: Mutex<Int>
///   func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
///     -> TransportResponse {
///     do throws(RocketClientError) { return try await chain.proceed(request) }
///     catch { failures.withLock { $0 += 1 }; throw error }
///   }
/// }
/// ```
///
/// Implementation requirements: change only what is your concern; call `chain.proceed` at most
/// once unless retrying is your concern; throw ``RocketClientError`` with a user-facing message
/// to stop the request; be safe to call from many tasks at once.
public protocol RequestInterceptor: Sendable {
  /// Handles `request`: usually adjusts it, calls `chain.proceed`, and returns (or inspects) the
  /// response.
  ///
  /// - Parameters:
  ///   - request: the request so far.
  ///   - chain: the rest of the chain, ending at the transport.
  /// - Returns: the response, as the rest of the chain gave it or as this step changed it.
  /// - Throws: ``RocketClientError``.
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
  /// Where the answer may come from (default network-first): a parameter of the call that made
  /// the request, such as ``RocketClient/fetch(_:cachePolicy:context:)``; only the
  /// ``CacheInterceptor`` reads it.
  public var cachePolicy: CachePolicy = .networkFirst
  /// What the caller of this one request hands to the interceptors (the CLI's capture of raw
  /// responses for `--json`), or nil; an interceptor casts it to the type it knows.
  public var context: (any RequestContext)?
  /// How the HTTP transport sends it (default POST): GET only for a query, which the
  /// ``AutomaticPersistedQueryInterceptor`` asks for when it sends a hash instead of the text, so
  /// HTTP caches can answer; other transports ignore it.
  public var httpMethod: HTTPRequest.Method = .post
  /// What the cache needs to store and rebuild the answer; nil for a request the cache must
  /// leave alone (the introspection query of `schema`, ad-hoc documents).
  public var cacheable: CacheableOperation?
  /// Called with each stage of an incremental (`multipart/mixed`) answer as it arrives, before
  /// the transport returns the merged result; nil when only the result matters. Set by
  /// ``RocketClient/stages(of:operationType:context:)``; an interceptor that retries may cause
  /// the stages to start over from the first.
  public var stageObserver: (@Sendable (IncrementalStage) -> Void)?

  /// A request with no headers yet.
  ///
  /// - Parameters:
  ///   - endpointKey: the server's key, as in the credential store.
  ///   - operation: the GraphQL request.
  ///   - operationType: its kind (default query).
  ///   - headers: header fields (default none).
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
  ///
  /// - Parameters:
  ///   - json: the body.
  ///   - status: the HTTP status (default nil).
  ///   - byteCount: the body's size (default nil).
  public init(json: JSON, status: Int? = nil, byteCount: Int? = nil) {
    self.json = json
    self.status = status
    self.byteCount = byteCount
  }
}
