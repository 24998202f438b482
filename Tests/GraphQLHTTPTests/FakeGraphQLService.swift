import Dispatch
import Glibc
import GraphQL
import GraphQLHTTP
import GraphQLWire

/// A stand-in backend that classifies requests by keywords in the query text and echoes what it
/// received, so tests can check both the status logic and the parameter plumbing.
///
/// - `parseError` / `validationError`: a request error (no `data`).
/// - `$x`: needs an `Int` variable `x`, else a variable coercion request error.
/// - `mutation`: refused when mutations are not allowed.
/// - `slow`: waits for `gate` to open if there is one, else sleeps `slowSeconds`, before answering.
/// - `big`: adds 8 MiB of padding to the answer.
/// - `explode`: throws an error full of internal details.
struct FakeGraphQLService: GraphQLService {
  struct InternalFailure: Error, CustomStringConvertible {
    var description: String { "SQLITE_ERROR near SELECT * FROM sessions at /srv/secret/Store.swift:42" }
  }

  var slowSeconds = 0.6
  /// When set, `slow` requests wait until the test opens it, so a test controls exactly how long a
  /// request stays in flight instead of racing a timer.
  var gate: Gate?

  /// A one-shot barrier that slow requests wait on.
  final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func open() { semaphore.signal() }

    func wait() {
      semaphore.wait()
      semaphore.signal()  // let every other waiter through too
    }
  }

  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLResponse
  {
    let query = request.query
    if query.contains("explode") { throw InternalFailure() }
    if query.contains("parseError") {
      return requestError(
        "Syntax Error: Unexpected Name \"parseError\".", code: "GRAPHQL_PARSE_FAILED", .parseFailed)
    }
    if query.contains("validationError") {
      return requestError(
        "Cannot query field \"validationError\" on type \"Query\".", code: "GRAPHQL_VALIDATION_FAILED",
        .validationFailed)
    }
    if query.contains("$x"), request.variables?["x"]?.intValue == nil {
      return requestError(
        "Variable \"$x\" got invalid value; Int cannot represent non-integer value.", code: "BAD_USER_INPUT",
        .variableCoercionFailed)
    }
    if query.contains("mutation") && !allowMutations {
      return GraphQLResponse(
        outcome: .operationNotAllowed, operationType: .mutation, operationName: request.operationName,
        errors: [], body: [])
    }
    if query.contains("slow") {
      if let gate { gate.wait() } else { usleep(UInt32(slowSeconds * 1_000_000)) }
    }
    var echo = JSONObject()
    echo["query"] = .string(query)
    echo["operationName"] = request.operationName.map(JSON.string) ?? .null
    echo["variables"] = request.variables.map(JSON.object) ?? .null
    echo["extensions"] = request.extensions.map(JSON.object) ?? .null
    echo["authorization"] = authorization.map(JSON.string) ?? .null
    if query.contains("big") { echo["padding"] = .string(String(repeating: "x", count: 8 << 20)) }
    let data: JSON = .object(["__typename": .string("Query"), "echo": .object(echo)])
    return .fake(.object(["data": data]), .executed, operationName: request.operationName)
  }

  private func requestError(_ message: String, code: String, _ outcome: GraphQLResponse.Outcome)
    -> GraphQLResponse
  {
    let error: JSON = .object(["message": .string(message), "extensions": .object(["code": .string(code)])])
    return .fake(.object(["errors": .array([error])]), outcome)
  }
}
