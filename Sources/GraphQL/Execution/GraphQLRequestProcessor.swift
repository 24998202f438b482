/// The whole request pipeline for one schema: parse -> validate (both cached by query text) ->
/// select the operation -> coerce variables -> execute, with the outcome classified the way an
/// HTTP layer needs it and errors coded as Apollo Server 4 codes them.
///
/// A value type that is safe to share between threads; the cache is the only shared state.
public struct GraphQLRequestProcessor<Context: Sendable>: Sendable {
  /// The schema and resolvers requests run against.
  public let schema: ExecutableSchema<Context>
  /// Parsed and validated documents by query text.
  public let cache: DocumentCache
  /// Limits applied when parsing (token count, depth).
  public let parseOptions: ParseOptions
  /// The validation rules run on each new document.
  public let rules: [ValidationRule]

  /// - Parameters:
  ///   - schema: the executable schema.
  ///   - cache: the document cache (default: a new one holding 1000 documents).
  ///   - parseOptions: parser limits (default: at most 15 000 tokens, the parser's default depth),
  ///     so a huge document cannot tie up a server thread.
  ///   - rules: validation rules (default `specifiedRules`).
  public init(
    schema: ExecutableSchema<Context>, cache: DocumentCache = DocumentCache(),
    parseOptions: ParseOptions = ParseOptions(maxTokens: 15_000), rules: [ValidationRule] = specifiedRules
  ) {
    self.schema = schema
    self.cache = cache
    self.parseOptions = parseOptions
    self.rules = rules
  }

  /// Runs a request, awaiting `.async` resolvers.
  /// - Parameters:
  ///   - query: the document text.
  ///   - operationName: the operation to run (nil when the document has one).
  ///   - variables: the request's variables (nil for none).
  ///   - context: the per-request resolver context.
  ///   - rootValue: the root fields' source (default nil).
  ///   - operationPolicy: called with the selected operation's type before variables are coerced;
  ///     returning an error refuses the request (`.operationNotAllowed`), as a server does for a
  ///     mutation sent with GET or a subscription over plain HTTP. Default: allow everything.
  public func process(
    query: String, operationName: String? = nil, variables: JSONObject? = nil, context: Context,
    rootValue: (any Sendable)? = nil, operationPolicy: (OperationType) -> GraphQLError? = { _ in nil }
  ) async -> ProcessedRequest {
    switch prepare(query, operationName, variables, context, rootValue, operationPolicy) {
    case .finished(let processed): return processed
    case .ready(let execution):
      return executed(await execution.executeOperationAsync(), execution.operation.operation)
    }
  }

  /// Runs a request synchronously on the calling thread (no Swift concurrency needed), for schemas
  /// whose resolvers are all `.sync`. Same parameters as `process(...) async`.
  public func processSync(
    query: String, operationName: String? = nil, variables: JSONObject? = nil, context: Context,
    rootValue: (any Sendable)? = nil, operationPolicy: (OperationType) -> GraphQLError? = { _ in nil }
  ) -> ProcessedRequest {
    switch prepare(query, operationName, variables, context, rootValue, operationPolicy) {
    case .finished(let processed): return processed
    case .ready(let execution):
      return executed(execution.executeOperationSync(), execution.operation.operation)
    }
  }

  /// `processSync` for servers, which only send the response text: the same outcome and the same
  /// bytes as `processSync(...).result.encoded()`, written while executing (see
  /// `executeSyncEncoded`), plus the name of the operation that ran, for logs.
  public func processSyncEncoded(
    query: String, operationName: String? = nil, variables: JSONObject? = nil, context: Context,
    rootValue: (any Sendable)? = nil, operationPolicy: (OperationType) -> GraphQLError? = { _ in nil }
  ) -> EncodedResponse {
    switch prepare(query, operationName, variables, context, rootValue, operationPolicy) {
    case .finished(let processed):
      return EncodedResponse(
        outcome: processed.outcome, operationType: processed.operationType, operationName: nil,
        body: processed.result.encoded())
    case .ready(let execution):
      return EncodedResponse(
        outcome: .executed, operationType: execution.operation.operation,
        operationName: execution.operation.name?.value,
        body: execution.executeOperationSyncEncoded(fieldErrorCode: Self.fieldErrorCode))
    }
  }

  /// The code of field errors that carry none (Apollo Server's).
  static var fieldErrorCode: String { "INTERNAL_SERVER_ERROR" }

  /// The cached parse and validation of `query`, computing and storing it on a miss.
  public func document(for query: String) -> CachedDocument {
    if let cached = cache.entry(for: query) { return cached }
    let entry: CachedDocument
    do {
      let document = try parse(Source(query), options: parseOptions)
      entry = CachedDocument(
        parsed: .success(document),
        validationErrors: validate(schema: schema.schema, document: document, rules: rules))
    } catch {
      entry = CachedDocument(parsed: .failure(error), validationErrors: [])
    }
    cache.store(entry, for: query)
    return entry
  }

  private enum Preparation {
    case ready(ExecutionContext)
    case finished(ProcessedRequest)
  }

  private func prepare(
    _ query: String, _ operationName: String?, _ variables: JSONObject?, _ context: Context,
    _ rootValue: (any Sendable)?, _ operationPolicy: (OperationType) -> GraphQLError?
  ) -> Preparation {
    let cached = document(for: query)
    let document: Document
    switch cached.parsed {
    case .failure(let error):
      return .finished(.requestError(.parseFailed, nil, [error.withCode("GRAPHQL_PARSE_FAILED")]))
    case .success(let parsed): document = parsed
    }
    guard cached.validationErrors.isEmpty else {
      return .finished(
        .requestError(
          .validationFailed, nil, cached.validationErrors.map { $0.withCode("GRAPHQL_VALIDATION_FAILED") }))
    }
    let operation: OperationDefinition
    do {
      operation = try getOperation(document, operationName: operationName)
    } catch {
      return .finished(
        .requestError(.operationResolutionFailed, nil, [error.withCode("OPERATION_RESOLUTION_FAILURE")]))
    }
    if let refusal = operationPolicy(operation.operation) {
      return .finished(.requestError(.operationNotAllowed, operation.operation, [refusal]))
    }
    switch prepareExecution(
      schema: schema, document: document, operationName: operationName, variableValues: variables,
      context: context, rootValue: rootValue)
    {
    case .success(let execution): return .ready(execution)
    case .failure(let failure):
      let outcome: ProcessedRequest.Outcome =
        failure.stage == .variableCoercion ? .variableCoercionFailed : .operationResolutionFailed
      let code = failure.stage == .variableCoercion ? "BAD_USER_INPUT" : "OPERATION_RESOLUTION_FAILURE"
      return .finished(.requestError(outcome, operation.operation, failure.errors.map { $0.withCode(code) }))
    }
  }

  /// Field errors without a code are `INTERNAL_SERVER_ERROR`, as Apollo Server reports them.
  private func executed(_ result: ExecutionResult, _ operationType: OperationType) -> ProcessedRequest {
    var result = result
    result.errors.setMissingCodes(to: Self.fieldErrorCode)
    return ProcessedRequest(outcome: .executed, operationType: operationType, result: result)
  }
}

/// A processed request: how it ended, which kind of operation it was, and the response.
public struct ProcessedRequest: Sendable {
  /// How far a request got.
  public enum Outcome: Hashable, Sendable {
    /// The document does not parse (`GRAPHQL_PARSE_FAILED`).
    case parseFailed
    /// A validation rule failed (`GRAPHQL_VALIDATION_FAILED`).
    case validationFailed
    /// No operation matches `operationName`, or it is needed and missing
    /// (`OPERATION_RESOLUTION_FAILURE`).
    case operationResolutionFailed
    /// The caller's `operationPolicy` refused the operation's type.
    case operationNotAllowed
    /// A variable is missing or does not fit its type (`BAD_USER_INPUT`).
    case variableCoercionFailed
    /// The operation ran; the result has `data` (possibly with field errors).
    case executed
  }

  /// How far the request got.
  public let outcome: Outcome
  /// The selected operation's type, once known (nil for parse, validation and operation errors).
  public let operationType: OperationType?
  /// The response; request errors have no `data` entry.
  public let result: ExecutionResult

  /// - Parameters:
  ///   - outcome: how far the request got.
  ///   - operationType: the selected operation's type, if known.
  ///   - result: the response.
  public init(outcome: Outcome, operationType: OperationType?, result: ExecutionResult) {
    self.outcome = outcome
    self.operationType = operationType
    self.result = result
  }

  /// Whether the request failed before execution (the response has no `data`).
  public var isRequestError: Bool { outcome != .executed }

  static func requestError(_ outcome: Outcome, _ type: OperationType?, _ errors: [GraphQLError])
    -> ProcessedRequest
  {
    ProcessedRequest(
      outcome: outcome, operationType: type, result: ExecutionResult(data: nil, errors: errors))
  }
}
