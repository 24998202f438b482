import GraphQL

/// One GraphQL request as GraphQL over HTTP defines its parameters, already type-checked: the
/// server answers 400 before building one when a parameter has the wrong JSON type.
///
/// It carries nothing about HTTP, so a backend can serve it in-process as well.
public struct GraphQLRequest: Hashable, Sendable {
  /// The document text (operations and fragments).
  public var query: String
  /// Which operation of `query` to run; nil when the document has exactly one.
  public var operationName: String?
  /// The variable values, nil when the request sent none (or `null`).
  public var variables: JSONObject?
  /// The protocol extensions map (such as persisted-query hashes), nil when absent or `null`.
  public var extensions: JSONObject?

  /// - Parameters:
  ///   - query: the document text.
  ///   - operationName: the operation to run (default nil).
  ///   - variables: the variable values (default nil).
  ///   - extensions: the extensions map (default nil).
  public init(
    query: String, operationName: String? = nil, variables: JSONObject? = nil,
    extensions: JSONObject? = nil
  ) {
    self.query = query
    self.operationName = operationName
    self.variables = variables
    self.extensions = extensions
  }
}
