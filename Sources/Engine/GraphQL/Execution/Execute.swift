import GraphQLWire

/// Executes an operation of a (validated) document: spec 6.1 ExecuteRequest.
///
/// Fields run one at a time in document order; `.async` resolvers are awaited, `.sync` ones called
/// directly. Request errors (operation selection, variable coercion) give a result without `data`.
/// - Parameters:
///   - document: a document that passed `validate` (executing an invalid one is undefined, as in
///     graphql-js, though it will not crash).
///   - operationName: which operation to run; may be nil when the document has exactly one.
///   - variableValues: the request's variables as JSON (nil for none).
///   - onError: what a field error does to the response (default nil: `PROPAGATE`); a value
///     other than the three defined is a request error.
public func execute<Context: Sendable>(
  schema: ExecutableSchema<Context>, document: Document, operationName: String? = nil,
  variableValues: JSONObject? = nil, context: Context, rootValue: (any Sendable)? = nil,
  onError: ErrorBehavior? = nil
) async -> ExecutionResult {
  switch prepareExecution(
    schema: schema, document: document, operationName: operationName, variableValues: variableValues,
    context: context, rootValue: rootValue, onError: onError)
  {
  case .failure(let failure): return ExecutionResult(data: nil, errors: failure.errors)
  case .success(let execution): return await execution.executeOperationEncoded().result
  }
}

/// Executes an operation synchronously on the calling thread, without Swift concurrency (for
/// callers such as plain server threads). Same contract as `execute(...) async`, except that an
/// `.async` resolver cannot run here: its field fails with an error saying so.
public func executeSync<Context: Sendable>(
  schema: ExecutableSchema<Context>, document: Document, operationName: String? = nil,
  variableValues: JSONObject? = nil, context: Context, rootValue: (any Sendable)? = nil,
  onError: ErrorBehavior? = nil
) -> ExecutionResult {
  switch prepareExecution(
    schema: schema, document: document, operationName: operationName, variableValues: variableValues,
    context: context, rootValue: rootValue, onError: onError)
  {
  case .failure(let failure): return ExecutionResult(data: nil, errors: failure.errors)
  case .success(let execution): return execution.executeOperationEncoded().result
  }
}

/// Why execution could not start: an unknown `onError`, no operation to run, or bad variables.
struct ExecutionPreparationFailure: Error {
  enum Stage { case errorBehavior, operationResolution, variableCoercion }
  let stage: Stage
  let errors: [GraphQLError]
}

/// Spec 6.1 GetOperation: the operation named `operationName`, or the only one.
/// - Throws: graphql-js's errors for an unknown name, a missing name among several, or no operation.
func getOperation(_ document: Document, operationName: String?) throws(GraphQLError) -> OperationDefinition {
  var found: OperationDefinition?
  var count = 0
  for case .operation(let operation) in document.definitions {
    count += 1
    if let operationName {
      if operation.name?.value == operationName {
        found = operation
        break
      }
    } else if found == nil {
      found = operation
    }
  }
  if let operationName, found == nil {
    throw GraphQLError("Unknown operation named \"\(operationName)\".")
  }
  if operationName == nil && count > 1 {
    throw GraphQLError("Must provide operation name if query contains multiple operations.")
  }
  guard let found else { throw GraphQLError("Must provide an operation.") }
  return found
}

/// Checks the error behavior, selects the operation and coerces the variables (spec 6.1.2), ready
/// to execute.
func prepareExecution<Context: Sendable>(
  schema: ExecutableSchema<Context>, document: Document, operationName: String?,
  variableValues: JSONObject?, context: Context, rootValue: (any Sendable)?, onError: ErrorBehavior? = nil,
  incremental: Bool = false
) -> Result<ExecutionContext, ExecutionPreparationFailure> {
  guard let errorMode = ErrorMode(onError) else {
    return .failure(
      ExecutionPreparationFailure(
        stage: .errorBehavior, errors: [ErrorMode.unsupported()]))
  }
  let operation: OperationDefinition
  do {
    operation = try getOperation(document, operationName: operationName)
  } catch {
    return .failure(ExecutionPreparationFailure(stage: .operationResolution, errors: [error]))
  }
  let variables: JSONObject
  if operation.variableDefinitions.isEmpty {
    variables = JSONObject()
  } else {
    switch Values.coerceVariableValues(
      schema: schema.schema, source: document.source, definitions: operation.variableDefinitions,
      inputs: variableValues ?? JSONObject())
    {
    case .success(let coerced): variables = coerced
    case .failure(let failure): return .failure(failure)
    }
  }
  return .success(
    ExecutionContext(
      executable: schema, document: document, operation: operation, variables: variables, context: context,
      rootValue: rootValue, errorMode: errorMode, incremental: incremental))
}
