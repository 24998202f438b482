import GraphQLAPI

/// The GraphQL part of a request, as every transport sends it: document text, operation name and
/// variables. It knows nothing of HTTP or of the embedded backend, so one value serves both.
///
/// A plain value: safe to share between tasks.
public struct OperationRequest: Hashable, Sendable {
  /// The document text (the operation and the fragments it uses).
  public var query: String
  /// The operation to run, nil to let the server pick the only one.
  public var operationName: String?
  /// The variable values; absent nullable inputs are left out, explicit nulls are `null`.
  public var variables: JSONObject

  /// A request for raw document text.
  ///
  /// - Parameters:
  ///   - query: the document text.
  ///   - operationName: the operation to run (default nil).
  ///   - variables: the variable values (default none).
  public init(query: String, operationName: String? = nil, variables: JSONObject = [:]) {
    self.query = query
    self.operationName = operationName
    self.variables = variables
  }

  /// The request for a generated operation: its compact document, name and variables.
  ///
  /// - Parameter operation: a generated query or mutation.
  public init<Operation: GraphQLOperation>(_ operation: Operation) {
    self.init(
      query: Operation.document, operationName: Operation.operationName,
      variables: operation.variables)
  }

  /// The request as GraphQL over HTTP's JSON body: `query`, then `operationName` and `variables`
  /// when there are any.
  public var json: JSON {
    var object = JSONObject()
    object["query"] = .string(query)
    if let operationName { object["operationName"] = .string(operationName) }
    if !variables.isEmpty { object["variables"] = .object(variables) }
    return .object(object)
  }
}
