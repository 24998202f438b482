import GraphQL
import GraphQLWire

/// A `GraphQLService`'s answer: the response body, already encoded once, and its classification,
/// from which the server derives the HTTP status.
public struct GraphQLServiceResult: Sendable {
  /// How the request ended, as GraphQL over HTTP needs to know it.
  public enum Kind: Hashable, Sendable {
    /// Execution started; the body has a `data` entry (possibly null, possibly with field
    /// errors). Status 200.
    case executed
    /// The request failed before execution: the document did not parse or validate, no operation
    /// could be selected, or the variables did not coerce. The body has `errors` and no `data`.
    /// Status 200 for `application/json`, 400 for `application/graphql-response+json`.
    case requestError
    /// The selected operation is a mutation and mutations were not allowed (a GET request).
    /// Status 405 with `Allow: POST`.
    case mutationNotAllowed
    /// The selected operation is a subscription, sent where no stream was asked for (a plain
    /// JSON request). Status 406, naming the streaming `Accept` values.
    case subscriptionNeedsStream
    /// The request named a persisted query the server does not hold or cannot hold
    /// (`PersistedQueryNotFound`, `PersistedQueryNotSupported`): status 200 and `Cache-Control:
    /// private, no-cache, must-revalidate`, as Apollo Server answers, so that clients retry with
    /// the text and no cache keeps the miss.
    case persistedQueryMiss
    /// The request is malformed beyond what GraphQL over HTTP lets a client read at 200: a
    /// persisted-query hash that is not its text's, an unknown version, or a document outside the
    /// trusted ones of a safelisting server. Status 400 whatever the media type, as Apollo
    /// Server and Router answer.
    case badRequest
    /// The request reused an `Idempotency-Key` for a different request (IETF
    /// draft-ietf-httpapi-idempotency-key-header): nothing ran; the body holds the error. Status
    /// 422.
    case unprocessableContent
    /// Execution ran, but a resource it needs (the database) is unavailable right now; the body
    /// holds the errors (`SERVICE_UNAVAILABLE`). Status 503.
    case serviceUnavailable
    /// Execution ran, but a field was refused because the client did this too often (a `login`
    /// over its address's rate); the body holds the error. Status 429, with `Retry-After`
    /// ``GraphQLServiceResult/retryAfterSeconds``.
    case tooManyRequests
  }

  /// The response body as compact UTF-8 JSON (`{"errors":[...],"data":...}`).
  public var body: [UInt8]
  /// How the request ended.
  public var kind: Kind
  /// The name of the operation that was selected, for the access log; nil for anonymous ones.
  public var operationName: String?
  /// How long and for whom HTTP caches may keep the answer to a GET (`Cache-Control`), nil when
  /// the service gives no policy (the answer to a GET is then `no-store`).
  public var cachePolicy: CacheControlPolicy?
  /// The answer's errors as values (each with its `extensions.code`), for the metrics; empty
  /// when the service did not say (default).
  public var errors: [GraphQLError] = []
  /// How many errors the body holds, for the access log; nil when unknown.
  public var errorCount: Int?
  /// For ``Kind/tooManyRequests``: the seconds after which the client may try again.
  public var retryAfterSeconds: Int?

  /// - Parameters:
  ///   - body: the encoded response, such as `ExecutionResult.encoded()`.
  ///   - kind: how the request ended.
  ///   - operationName: the selected operation's name (default nil).
  public init(body: [UInt8], kind: Kind, operationName: String? = nil) {
    self.body = body
    self.kind = kind
    self.operationName = operationName
  }

  /// A result whose body is `response` encoded as JSON.
  /// - Parameters:
  ///   - response: the response object.
  ///   - kind: how the request ended.
  ///   - operationName: the selected operation's name (default nil).
  public init(response: JSON, kind: Kind, operationName: String? = nil) {
    self.init(body: response.encoded(), kind: kind, operationName: operationName)
  }
}
