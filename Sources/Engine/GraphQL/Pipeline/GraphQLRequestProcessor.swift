import GraphQLWire

/// The request pipeline for one schema, the one way every transport runs a request: persisted
/// queries (`PersistedQueryStage`) -> document cache (parse -> validate, cached by query text) -> select the operation -> the transport's
/// admission -> coerce variables -> cost limit -> execute within the response limits, with how
/// the request ended (`GraphQLResponse.Outcome`, which knows no transport) and errors coded as
/// Apollo Server 4 codes them (`GraphQLResponse.Outcome.errorCode`).
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
  /// Automatic persisted queries, trusted documents, safelisting.
  public let persistedOperations: PersistedOperations
  /// The longest introspection lists of this schema, for the cost of introspection queries.
  private let introspectionBounds: [String: Int]
  /// The costs of operations already checked (see `KnownCost`).
  private let costs = OperationMemo<KnownCost>()
  /// The cache policies of queries already answered (a policy reads no variable).
  private let policies = OperationMemo<CacheControlPolicy>()
  /// The schema's `@cacheControl` hints, which give each query's `GraphQLResponse.cachePolicy`;
  /// nil: no policy is computed.
  public let cacheHints: CacheControlHints?

  /// - Parameters:
  ///   - cache: the document cache (default: a new one holding 1000 documents).
  ///   - parseOptions: parser limits (default: at most 15 000 tokens, the parser's default depth),
  ///     so a huge document cannot tie up a server thread.
  ///   - limits: the cost limit, response-size bound and deadline of every request (default:
  ///     none).
  ///   - persistedOperations: automatic persisted queries and trusted documents (default: none,
  ///     so a request naming a persisted query is answered `PersistedQueryNotSupported`).
  ///   - cacheHints: the schema's `@cacheControl` hints (default none: no cache policies).
  public init(
    schema: ExecutableSchema<Context>, cache: DocumentCache = DocumentCache(),
    parseOptions: ParseOptions = ParseOptions(maxTokens: 15_000), rules: [ValidationRule] = specifiedRules,
    limits: RequestLimits = RequestLimits(), persistedOperations: PersistedOperations = PersistedOperations(),
    cacheHints: CacheControlHints? = nil
  ) {
    self.cacheHints = cacheHints
    self.persistedOperations = persistedOperations
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

  /// Whether `request` is known to be cheap from what earlier requests left behind, nothing
  /// being parsed or computed: a query (or a query over its persisted-query hash) whose document
  /// is cached and valid, and whose static cost, remembered from an earlier request, is at most
  /// `maxCost` (for an operation whose list bounds are variables, its cost with each at its
  /// maximum). False for anything not seen before, and without a cost limit (no cost is kept
  /// then). A server may run such a request on the thread that read it, sparing the
  /// hand-off to another; the answer is the same wherever it runs.
  public func isKnownCheap(_ request: GraphQLRequest, maxCost: Int) -> Bool {
    guard !request.query.isEmpty, let cached = cache.peek(request.query),
      case .success(let document) = cached.parsed, cached.validationErrors.isEmpty,
      let operation = try? getOperation(document, operationName: request.operationName),
      operation.operation == .query,
      let key = OperationKey(document.identity, document.source, operation),
      let known = costs.lookup(key)
    else { return false }
    return known.most <= maxCost
  }

  /// Runs a request to the end on the calling thread, without Swift concurrency (as plain server
  /// threads need): an `.async` resolver there is a field error.
  /// - Parameters:
  ///   - admission: which operation types the transport carries (default: a single response, as
  ///     an HTTP POST or an in-process call); a refused one ends as `.operationNotAllowed` before
  ///     any resolver runs.
  public func process(
    _ request: GraphQLRequest, context: Context, admission: OperationAdmission = .singleResponse,
    rootValue: (any Sendable)? = nil
  ) -> GraphQLResponse {
    switch prepare(request, context, admission, rootValue) {
    case .finished(let response): return response
    case .ready(let execution):
      return executed(execution.executeOperationEncoded(fieldErrorCode: Self.fieldErrorCode), execution)
    }
  }

  /// Runs a request, awaiting `.async` resolvers; the same stages and answers as
  /// `process(_:context:admission:rootValue:)`.
  public func process(
    _ request: GraphQLRequest, context: Context, admission: OperationAdmission = .singleResponse,
    rootValue: (any Sendable)? = nil
  ) async -> GraphQLResponse {
    switch prepare(request, context, admission, rootValue) {
    case .finished(let response): return response
    case .ready(let execution):
      return executed(await execution.executeOperationEncoded(fieldErrorCode: Self.fieldErrorCode), execution)
    }
  }

  /// Runs a request with `@defer` and `@stream` honoured: the same stages and answers as
  /// `process(_:context:admission:rootValue:)`, then an incremental execution whose payloads
  /// (in `format`) go out as they are ready, the first as soon as the fields that are not
  /// deferred are written. A request that stops before execution, or defers nothing, is one
  /// payload with `hasNext` false: its ordinary response.
  ///
  /// - Returns: the payloads (the execution runs in a task of its own, cancelled when the
  ///   consumer stops iterating); nil for a subscription, which streams events instead (see
  ///   `SubscriptionStream`) and which graphql-js 17 does not run incrementally.
  public func processIncrementally(
    _ request: GraphQLRequest, context: Context, admission: OperationAdmission = .singleResponse,
    format: IncrementalFormat, rootValue: (any Sendable)? = nil
  ) -> AsyncStream<IncrementalPayload>? {
    let preparation = prepare(request, context, admission, rootValue, incremental: true)
    switch preparation {
    case .finished(let response):
      if response.operationType == .subscription { return nil }
      return AsyncStream { continuation in
        continuation.yield(IncrementalPayload(body: response.body, hasNext: false))
        continuation.finish()
      }
    case .ready(let execution):
      if execution.operation.operation == .subscription { return nil }
      let handOff = ExecutionHandOff(execution: execution)
      return AsyncStream { continuation in
        let task = Task {
          await handOff.execution.executeIncrementally(fieldErrorCode: Self.fieldErrorCode, format: format) {
            continuation.yield($0)
          }
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
  }

  /// An execution handed to the task that runs it. `@unchecked Sendable`: the context is not
  /// (one execution's mutable state); it is created here and only ever used by that task.
  private struct ExecutionHandOff: @unchecked Sendable {
    let execution: ExecutionContext
  }

  /// The code of field errors that carry none (Apollo Server's).
  static var fieldErrorCode: String? { GraphQLResponse.Outcome.executed.errorCode }

  private func executed(_ encoded: EncodedExecution, _ execution: ExecutionContext) -> GraphQLResponse {
    var response = GraphQLResponse(
      outcome: .executed, operationType: execution.operation.operation,
      operationName: execution.operation.name?.value, errors: encoded.errors, body: encoded.body)
    response.cachePolicy = cachePolicy(of: execution)
    return response
  }

  /// The cache policy of the execution's query, remembered per document and operation: walking
  /// the document again was a tenth of a small query's execution.
  private func cachePolicy(of execution: ExecutionContext) -> CacheControlPolicy? {
    guard let cacheHints, execution.operation.operation == .query else { return nil }
    let key = memoKey(of: execution)
    if let key, let known = policies.lookup(key) { return known }
    let policy = cacheHints.policy(of: execution.operation, fragments: execution.fragments)
    if let key, let policy {
      policies.store(policy, document: execution.documentIdentity, for: key)
    }
    return policy
  }

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
      let document = try parse(Source(query), options: parseOptions, ownsSource: true)
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
    case finished(GraphQLResponse)
  }

  /// The stages before execution, in order: document cache (parse, validate), the error
  /// behavior (`onError`), operation selection, admission, variable coercion, cost limit, response limits.
  private func prepare(
    _ request: GraphQLRequest, _ context: Context, _ admission: OperationAdmission,
    _ rootValue: (any Sendable)?, incremental: Bool = false
  ) -> Preparation {
    let operationName = request.operationName
    let deadline = limits.timeout.map { ContinuousClock.now + $0 }
    let prepared: CachedDocument?
    switch PersistedQueryStage.query(of: request, operations: persistedOperations) {
    case .run(let query): prepared = document(for: query, deadline: deadline)
    case .prepared(let trusted): prepared = trusted
    case .answer(let response): return .finished(response)
    }
    guard let cached = prepared else {
      // Validation ran out of time: answered as an execution stopped by its deadline.
      let errors = [RequestLimits.timedOut(limits.timeout ?? .zero)]
      return .finished(
        GraphQLResponse(
          outcome: .executed, operationType: nil, operationName: nil, errors: errors,
          body: ExecutionResult(data: .null, errors: errors).encoded()))
    }
    let document: Document
    switch cached.parsed {
    case .failure(let error):
      return .finished(.requestError(.parseFailed, nil, [error]))
    case .success(let parsed): document = parsed
    }
    guard cached.validationErrors.isEmpty else {
      return .finished(.requestError(.validationFailed, nil, cached.validationErrors))
    }
    if let onError = request.onError, !onError.isKnown {
      return .finished(.requestError(.errorBehaviorUnsupported, nil, [ErrorMode.unsupported()]))
    }
    let operation: OperationDefinition
    do {
      operation = try getOperation(document, operationName: operationName)
    } catch {
      return .finished(.requestError(.operationResolutionFailed, nil, [error]))
    }
    if let refusal = admission.refusal(of: operation.operation) {
      return .finished(.requestError(.operationNotAllowed, operation.operation, [refusal]))
    }
    switch prepareExecution(
      schema: schema, document: document, operationName: operationName, variableValues: request.variables,
      context: context, rootValue: rootValue, onError: request.onError, incremental: incremental)
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
      let outcome: GraphQLResponse.Outcome =
        switch failure.stage {
        case .errorBehavior: .errorBehaviorUnsupported
        case .operationResolution: .operationResolutionFailed
        case .variableCoercion: .variableCoercionFailed
        }
      return .finished(.requestError(outcome, operation.operation, failure.errors))
    }
  }

  /// What is remembered of an operation's static cost.
  private enum KnownCost: Sendable {
    /// No list bound reads a variable: every request costs this.
    case exact(Int)
    /// Some list bound reads a variable: a request costs at most this (each such bound at its
    /// maximum), and its own cost is computed with its variables.
    case atMost(Int)

    var most: Int {
      switch self {
      case .exact(let cost), .atMost(let cost): cost
      }
    }
  }

  /// The static cost of the execution's operation: remembered per document and operation when no
  /// list bound reads a variable, so a repeated request does not walk its document again; when
  /// one does, the most it can cost is remembered instead, once (for `isKnownCheap`).
  private func cost(of execution: ExecutionContext) -> Int {
    let key = memoKey(of: execution)
    let known = key.flatMap { costs.lookup($0) }
    if case .exact(let cost)? = known { return cost }
    var calculator = CostCalculator(
      schema: schema.schema, model: limits.costModel, fragments: execution.fragments,
      variables: execution.variables, introspectionBounds: introspectionBounds)
    let cost = calculator.cost(of: execution.operation)
    guard let key, known == nil else { return cost }
    let remembered: KnownCost
    if calculator.readVariables {
      var ceiling = CostCalculator(
        schema: schema.schema, model: limits.costModel, fragments: execution.fragments, variables: [:],
        introspectionBounds: introspectionBounds, variablesAtTheirLargest: true)
      remembered = .atMost(ceiling.cost(of: execution.operation))
    } else {
      remembered = .exact(cost)
    }
    costs.store(remembered, document: execution.documentIdentity, for: key)
    return cost
  }

  /// The key of the execution's operation in the memos.
  private func memoKey(of execution: ExecutionContext) -> OperationKey? {
    OperationKey(execution.documentIdentity, execution.source, execution.operation)
  }
}
