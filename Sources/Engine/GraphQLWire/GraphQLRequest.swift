/// One GraphQL request: the parameters GraphQL over HTTP defines, already type-checked.
///
/// This is the boundary where the embedded path and the HTTP path meet: the client's transports
/// send it, the HTTP server builds it from a request body (answering 400 first when a parameter
/// has the wrong JSON type), and the backend serves it. It carries nothing about HTTP.
public struct GraphQLRequest: Hashable, Sendable {
  /// The document text (operations and fragments).
  public var query: String
  /// Which operation of `query` to run; nil when the document has exactly one.
  public var operationName: String?
  /// The variable values, nil when the request sent none (or `null`).
  public var variables: JSONObject?
  /// The protocol extensions map (such as persisted-query hashes), nil when absent or `null`.
  public var extensions: JSONObject?
  /// What an execution error does to the response (`onError`); nil when the request leaves it
  /// out, which servers take as `PROPAGATE`. Sent only to servers known to honour it.
  public var onError: ErrorBehavior?

  public init(
    query: String, operationName: String? = nil, variables: JSONObject? = nil,
    extensions: JSONObject? = nil, onError: ErrorBehavior? = nil
  ) {
    self.onError = onError
    self.query = query
    self.operationName = operationName
    self.variables = variables
    self.extensions = extensions
  }

  /// The request as GraphQL over HTTP's JSON body: `query`, then `operationName`, `variables` and
  /// `extensions` and `onError` when present. An empty `query` is left out: a persisted query sends its hash in
  /// `extensions` instead of the text.
  public var json: JSON {
    var object = JSONObject()
    if !query.isEmpty { object["query"] = .string(query) }
    if let operationName { object["operationName"] = .string(operationName) }
    if let variables, !variables.isEmpty { object["variables"] = .object(variables) }
    if let extensions { object["extensions"] = .object(extensions) }
    if let onError { object["onError"] = .string(onError.rawValue) }
    return .object(object)
  }
}
