import GraphQL
import GraphQLWire
import HTTPServer

/// A request parameter (or header) of the wrong type or form: the server answers 400 with `message`.
struct ParameterError: Error {
  let message: String
}

/// Reads and type-checks the GraphQL-over-HTTP request parameters (`query`, `operationName`,
/// `variables`, `extensions`, `onError`); unknown parameters are ignored. An `onError` string is
/// passed on as it is: the engine answers a value it does not define with a request error.
enum RequestParameters {
  /// The parameters of a POST body; `query` may be left out for a persisted query.
  /// - Throws: `ParameterError` for a missing `query` or a parameter of the wrong JSON type.
  static func fromBody(_ body: JSONObject) throws(ParameterError) -> GraphQLRequest {
    let extensions = try mapParameter(body["extensions"], name: "extensions")
    let query: String
    switch body["query"] {
    case .string(let text)?: query = text
    case nil where extensions?["persistedQuery"] != nil: query = ""
    case nil: throw ParameterError(message: "Missing the \"query\" parameter.")
    default: throw ParameterError(message: "The \"query\" parameter must be a string.")
    }
    var request = GraphQLRequest(query: query)
    switch body["operationName"] {
    case nil, .null?: break
    case .string(let name)?: request.operationName = name
    default: throw ParameterError(message: "The \"operationName\" parameter must be a string or null.")
    }
    request.variables = try mapParameter(body["variables"], name: "variables")
    request.extensions = extensions
    switch body["onError"] {
    case nil, .null?: break
    case .string(let behavior)?: request.onError = ErrorBehavior(rawValue: behavior)
    default: throw ParameterError(message: "The \"onError\" parameter must be a string or null.")
    }
    return request
  }

  /// The parameters of a GET query string (`argument` looks one up), `variables` and
  /// `extensions` as JSON text.
  /// - Throws: `ParameterError` for a missing `query`, text that is not UTF-8, or bad JSON.
  static func fromQueryString(_ argument: (StaticString) -> RequestText) throws(ParameterError)
    -> GraphQLRequest
  {
    let extensions = try jsonMapArgument(argument("extensions"), name: "extensions")
    let query: String
    if case .value(let text) = try text(argument("query"), name: "query") {
      query = text
    } else if extensions?["persistedQuery"] != nil {
      query = ""
    } else {
      throw ParameterError(message: "Missing the \"query\" parameter.")
    }
    var request = GraphQLRequest(query: query)
    if case .value(let name) = try text(argument("operationName"), name: "operationName"), !name.isEmpty {
      request.operationName = name
    }
    request.variables = try jsonMapArgument(argument("variables"), name: "variables")
    request.extensions = extensions
    if case .value(let behavior) = try text(argument("onError"), name: "onError"), !behavior.isEmpty {
      request.onError = ErrorBehavior(rawValue: behavior)
    }
    return request
  }

  private static func mapParameter(_ value: JSON?, name: String) throws(ParameterError) -> JSONObject? {
    switch value {
    case nil, .null?: return nil
    case .object(let object)?: return object
    default: throw ParameterError(message: "The \"\(name)\" parameter must be an object or null.")
    }
  }

  private static func text(_ value: RequestText, name: String) throws(ParameterError) -> RequestText {
    if value == .invalidUTF8 {
      throw ParameterError(message: "The \"\(name)\" parameter is not valid UTF-8.")
    }
    return value
  }

  private static func jsonMapArgument(_ value: RequestText, name: String) throws(ParameterError)
    -> JSONObject?
  {
    guard case .value(let text) = try text(value, name: name), !text.isEmpty else { return nil }
    let json: JSON
    do {
      json = try JSON(parsing: text, maxDepth: 128)
    } catch {
      throw ParameterError(message: "The \"\(name)\" parameter is not valid JSON: \(error.description).")
    }
    return try mapParameter(json, name: name)
  }
}
