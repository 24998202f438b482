import GraphQL

/// A GraphQL request's parameters.
public struct BackendRequest: Hashable, Sendable {
  /// The document text.
  public var query: String
  /// The operation to run; nil when the document has exactly one.
  public var operationName: String?
  /// The variable values, nil for none.
  public var variables: JSONObject?

  /// - Parameters:
  ///   - query: the document text.
  ///   - operationName: the operation to run (default nil).
  ///   - variables: the variable values (default nil).
  public init(query: String, operationName: String? = nil, variables: JSONObject? = nil) {
    self.query = query
    self.operationName = operationName
    self.variables = variables
  }
}

/// The response to a request, classified for transports.
public struct BackendResponse: Hashable, Sendable {
  /// How the request went.
  public enum Kind: Hashable, Sendable {
    case parseFailed, validationFailed, operationResolutionFailed, variableCoercionFailed, executed
  }

  /// How the request went.
  public var kind: Kind
  /// The result.
  public var result: ExecutionResult
  /// The operation type run, when one was selected.
  public var operationType: OperationType?
}

/// Parse, validate, execute (provisional, until the engine's request processor lands).
struct RequestPipeline: Sendable {
  let schema: GraphQLSchema

  func run(
    _ request: BackendRequest, executable: ExecutableSchema<RequestContext>, context: RequestContext
  ) -> BackendResponse {
    let document: Document
    do {
      document = try parse(request.query)
    } catch {
      return BackendResponse(
        kind: .parseFailed,
        result: ExecutionResult(data: nil, errors: [error.withCode("GRAPHQL_PARSE_FAILED")]))
    }
    let errors: [GraphQLError] = []
    guard errors.isEmpty else {
      return BackendResponse(
        kind: .validationFailed,
        result: ExecutionResult(data: nil, errors: errors.map { $0.withCode("GRAPHQL_VALIDATION_FAILED") }))
    }
    let result = executeSync(
      schema: executable, document: document, operationName: request.operationName,
      variableValues: request.variables, context: context)
    return BackendResponse(kind: .executed, result: result)
  }
}
