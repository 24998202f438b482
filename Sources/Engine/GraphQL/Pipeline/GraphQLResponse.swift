import GraphQLWire

/// The answer of the request pipeline (`GraphQLRequestProcessor.process`) to one request: how far
/// it got, which operation ran, its errors as values, and the response as compact UTF-8 JSON text
/// written while executing, which a server sends as it is and an in-process caller decodes once.
public struct GraphQLResponse: Sendable {
  /// How a request ended, in terms no transport owns: the pipeline's stages set the first twelve
  /// cases; a service over the pipeline may set the last four from what its resolvers reported.
  /// A server maps each to its status in one place (GraphQL over HTTP: `HTTPStatusTable`).
  public enum Outcome: Hashable, Sendable {
    /// The request names a persisted query by hash that the server does not hold
    /// (`PersistedQueryNotFound`, `PERSISTED_QUERY_NOT_FOUND`): the client sends the text again.
    case persistedQueryNotFound
    /// The request names a persisted query and the server keeps none
    /// (`PersistedQueryNotSupported`, `PERSISTED_QUERY_NOT_SUPPORTED`).
    case persistedQueryNotSupported
    /// Only trusted documents may run and this request is not one (`PERSISTED_QUERY_NOT_IN_LIST`).
    case persistedQueryNotInList
    /// The persisted-query extension is malformed: a version other than 1, or a hash that is not
    /// the query's SHA-256 (`BAD_REQUEST`).
    case persistedQueryInvalid
    /// The document does not parse (`GRAPHQL_PARSE_FAILED`).
    case parseFailed
    /// A validation rule failed (`GRAPHQL_VALIDATION_FAILED`).
    case validationFailed
    /// The request's `onError` is none of `PROPAGATE`, `NULL`, `HALT` (`BAD_REQUEST`).
    case errorBehaviorUnsupported
    /// No operation matches `operationName`, or it is needed and missing
    /// (`OPERATION_RESOLUTION_FAILURE`).
    case operationResolutionFailed
    /// The transport's `OperationAdmission` refused the operation's type (`BAD_REQUEST`).
    case operationNotAllowed
    /// A variable is missing or does not fit its type (`BAD_USER_INPUT`).
    case variableCoercionFailed
    /// The operation's static cost is above the limit (`QUERY_TOO_COMPLEX`); nothing ran.
    case costLimitExceeded
    /// The operation ran; the response has `data` (possibly with field errors, or null with
    /// `RESPONSE_TOO_LARGE` or `REQUEST_TIMEOUT` when a limit stopped the request, even during
    /// validation).
    case executed
    /// The operation ran, but a resource it needs (a database) is unavailable right now
    /// (`SERVICE_UNAVAILABLE`): the client may try again later.
    case unavailable
    /// The operation ran, but it conflicts with an earlier request: its idempotency key was used
    /// for a different request (`IDEMPOTENCY_KEY_REUSED`), so nothing was changed.
    case conflict
    /// The operation ran, but a field was refused because the client did this too often (a
    /// `login` over its address's rate, `RATE_LIMITED`): it may try again after the seconds given.
    case rateLimited(retryAfterSeconds: Int)
    /// The service refused the request before running it for a reason of its own (a
    /// subscription's resume point it cannot serve, a failure to start it); no `data`.
    case refused

    /// The `extensions.code` the pipeline gives the errors of a request that stopped here, as
    /// Apollo Server 4 names them (admission and cost limits code their own errors).
    var errorCode: String? {
      switch self {
      case .persistedQueryNotFound: "PERSISTED_QUERY_NOT_FOUND"
      case .persistedQueryNotSupported: "PERSISTED_QUERY_NOT_SUPPORTED"
      case .persistedQueryInvalid, .errorBehaviorUnsupported: "BAD_REQUEST"
      case .persistedQueryNotInList: "PERSISTED_QUERY_NOT_IN_LIST"
      case .parseFailed: "GRAPHQL_PARSE_FAILED"
      case .validationFailed: "GRAPHQL_VALIDATION_FAILED"
      case .operationResolutionFailed: "OPERATION_RESOLUTION_FAILURE"
      case .variableCoercionFailed: "BAD_USER_INPUT"
      case .operationNotAllowed, .costLimitExceeded, .refused: nil
      // Field errors that carry no code of their own.
      case .executed, .unavailable, .conflict, .rateLimited: "INTERNAL_SERVER_ERROR"
      }
    }
  }

  /// How the request ended.
  public var outcome: Outcome
  /// The selected operation's type, once known (nil for parse, validation and operation errors).
  public let operationType: OperationType?
  /// The name of the operation that ran; nil for an anonymous one or when none ran.
  public let operationName: String?
  /// The response's errors, in order, each with its `extensions.code`.
  public let errors: [GraphQLError]
  /// `{"errors":[...],"data":...}`: byte for byte what `ExecutionResult.encoded()` gives for the
  /// same result; request errors have no `data` entry.
  public let body: [UInt8]
  /// How long and for whom an HTTP cache may keep the answer, from the schema's `@cacheControl`
  /// hints (`CacheControlHints`): set for an executed query when the pipeline has hints, nil
  /// otherwise. It says nothing of errors: a server keeps an answer with errors out of caches.
  public var cachePolicy: CacheControlPolicy?

  public init(
    outcome: Outcome, operationType: OperationType?, operationName: String?, errors: [GraphQLError],
    body: [UInt8]
  ) {
    self.outcome = outcome
    self.operationType = operationType
    self.operationName = operationName
    self.errors = errors
    self.body = body
  }

  /// Whether the request failed before execution (no `data` in the body).
  public var isRequestError: Bool {
    switch outcome {
    case .executed, .unavailable, .conflict, .rateLimited: false
    default: true
    }
  }

  /// The response as a value: `body` decoded.
  /// - Throws: `JSONParseError` when the body does not decode, which the pipeline's own text
  ///   always does.
  public func json() throws -> JSON {
    // The text is the pipeline's own, as deep as the execution that wrote it went.
    try JSON(parsing: body, maxDepth: .max)
  }

  /// The response as an `ExecutionResult`: `data` decoded from the body, the errors as they are.
  public var result: ExecutionResult { ExecutionResult(decodingDataOf: body, errors: errors) }

  /// The answer to a request that stopped before execution.
  static func requestError(_ outcome: Outcome, _ type: OperationType?, _ errors: [GraphQLError])
    -> GraphQLResponse
  {
    let coded =
      outcome.errorCode.map { code in errors.map { $0.code == nil ? $0.withCode(code) : $0 } } ?? errors
    return GraphQLResponse(
      outcome: outcome, operationType: type, operationName: nil, errors: coded,
      body: ExecutionResult(data: nil, errors: coded).encoded())
  }
}
