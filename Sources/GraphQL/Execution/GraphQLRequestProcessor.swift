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
  /// The cost limit, response-size bound and deadline every request gets.
  public let limits: RequestLimits
  /// The longest introspection lists of this schema, for the cost of introspection queries.
  private let introspectionBounds: [String: Int]
  /// The costs of operations already checked whose cost reads no variable.
  private let costs = OperationCosts()

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
    self.init(schema: schema, cache: cache, parseOptions: parseOptions, rules: rules, limits: RequestLimits())
  }

  /// A pipeline whose requests stay within `limits` (a separate initializer, so callers compiled
  /// against the one without limits keep linking; see docs/design-notes.md, Build).
  /// - Parameters:
  ///   - schema: the executable schema.
  ///   - cache: the document cache (default: a new one holding 1000 documents).
  ///   - parseOptions: parser limits (default: at most 15 000 tokens).
  ///   - rules: validation rules (default `specifiedRules`).
  ///   - limits: the cost limit, response-size bound and deadline of every request.
  public init(
    schema: ExecutableSchema<Context>, cache: DocumentCache = DocumentCache(),
    parseOptions: ParseOptions = ParseOptions(maxTokens: 15_000), rules: [ValidationRule] = specifiedRules,
    limits: RequestLimits
  ) {
    self.schema = schema
    self.cache = cache
    self.parseOptions = parseOptions
    self.rules = rules
    self.limits = limits
    self.introspectionBounds = CostModel.introspectionBounds(of: schema.schema)
  }

  /// The static cost of the operation `operationName` selects in `query` under this pipeline's
  /// cost model, with `variables` giving list bounds passed as variables; nil when the document
  /// does not parse or validate, or names no such operation.
  public func cost(query: String, operationName: String? = nil, variables: JSONObject? = nil) -> Int? {
    let cached = document(for: query)
    guard case .success(let parsed) = cached.parsed, cached.validationErrors.isEmpty,
      let operation = try? getOperation(parsed, operationName: operationName)
    else { return nil }
    var fragments: [String: FragmentDefinition] = [:]
    for case .fragment(let fragment) in parsed.definitions where fragments[fragment.name.value] == nil {
      fragments[fragment.name.value] = fragment
    }
    var calculator = CostCalculator(
      schema: schema.schema, model: limits.costModel, fragments: fragments, variables: variables ?? [:],
      introspectionBounds: introspectionBounds)
    return calculator.cost(of: operation)
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
      return executed(await execution.executeOperation(), execution.operation.operation)
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
      return executed(execution.executeOperation(), execution.operation.operation)
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
        body: execution.executeOperationEncoded(fieldErrorCode: Self.fieldErrorCode))
    }
  }

  /// The code of field errors that carry none (Apollo Server's).
  static var fieldErrorCode: String { "INTERNAL_SERVER_ERROR" }

  /// The cached parse and validation of `query`, computing and storing it on a miss.
  public func document(for query: String) -> CachedDocument {
    document(for: query, deadline: nil)
      ?? CachedDocument(parsed: .failure(GraphQLError("timed out")), validationErrors: [])
  }

  /// `document(for:)` that gives up at `deadline`: nil when validation did not finish in time
  /// (nothing is cached then).
  private func document(for query: String, deadline: ContinuousClock.Instant?) -> CachedDocument? {
    if let cached = cache.entry(for: query) { return cached }
    let entry: CachedDocument
    do {
      let document = try parse(Source(query), options: parseOptions)
      let outcome = validate(
        schema: schema.schema, document: document, rules: rules, deadline: deadline)
      if outcome.timedOut { return nil }
      entry = CachedDocument(parsed: .success(document), validationErrors: outcome.errors)
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
    let deadline = limits.timeout.map { ContinuousClock.now + $0 }
    guard let cached = document(for: query, deadline: deadline) else {
      // Validation ran out of time: answered as an execution stopped by its deadline.
      return .finished(
        ProcessedRequest(
          outcome: .executed, operationType: nil,
          result: ExecutionResult(data: .null, errors: [RequestLimits.timedOut(limits.timeout ?? .zero)])))
    }
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
    case .success(let execution):
      if let maxCost = limits.maxCost {
        let cost = cost(of: execution)
        if cost > maxCost {
          return .finished(
            .requestError(
              .costLimitExceeded, operation.operation,
              [RequestLimits.tooComplex(cost: cost, maxCost: maxCost)]))
        }
      }
      if limits.maxResponseBytes != nil || deadline != nil {
        execution.limits = ExecutionLimits(
          maxResponseBytes: limits.maxResponseBytes, deadline: deadline, timeout: limits.timeout ?? .zero)
      }
      return .ready(execution)
    case .failure(let failure):
      let outcome: ProcessedRequest.Outcome =
        failure.stage == .variableCoercion ? .variableCoercionFailed : .operationResolutionFailed
      let code = failure.stage == .variableCoercion ? "BAD_USER_INPUT" : "OPERATION_RESOLUTION_FAILURE"
      return .finished(.requestError(outcome, operation.operation, failure.errors.map { $0.withCode(code) }))
    }
  }

  /// The static cost of the execution's operation: remembered per document and operation when no
  /// list bound reads a variable, so a repeated request does not walk its document again.
  private func cost(of execution: ExecutionContext) -> Int {
    let key = execution.operation.range.flatMap { range in
      execution.source.map { $0.utf8.count <= PlanCache.maxSourceBytes } == true
        ? PlanCache.Key(document: ObjectIdentifier(execution.documentIdentity), operationStart: range.start)
        : nil
    }
    if let key, let known = costs.lookup(key) { return known }
    var calculator = CostCalculator(
      schema: schema.schema, model: limits.costModel, fragments: execution.fragments,
      variables: execution.variables, introspectionBounds: introspectionBounds)
    let cost = calculator.cost(of: execution.operation)
    if let key, !calculator.readVariables {
      costs.store(OperationCosts.Entry(document: execution.documentIdentity, cost: cost), for: key)
    }
    return cost
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
    /// The operation's static cost is above the limit (`QUERY_TOO_COMPLEX`); nothing ran.
    case costLimitExceeded
    /// The operation ran; the result has `data` (possibly with field errors, or null with
    /// `RESPONSE_TOO_LARGE` or `REQUEST_TIMEOUT` when a limit stopped the request, even during
    /// validation).
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
