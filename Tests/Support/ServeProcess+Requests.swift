import Foundation
import GraphQLWire

extension ServeProcess {
  /// Sends one GraphQL request (POST, JSON) and returns the HTTP status and the decoded body.
  public func send(_ query: String, variables: JSONObject = [:], token: String? = nil) async throws -> (
    Int, JSON
  ) {
    let body: JSON = .object(["query": .string(query), "variables": .object(variables)])
    let answer = try await post(String(decoding: body.encoded(), as: UTF8.self), token: token)
    return (answer.status, try JSON(parsing: answer.body))
  }

  /// POSTs `body` (JSON) to the endpoint, with `Authorization: token` when given and `headers`.
  public func post(
    _ body: String, token: String? = nil, headers: [String: String] = [:],
    over transport: TestHTTP.Transport = .shared
  ) async throws -> HTTPAnswer {
    var fields = headers.merging(["Content-Type": "application/json"]) { old, _ in old }
    if let token { fields["Authorization"] = token }
    return try await TestHTTP.send(
      endpoint, method: "POST", headers: fields, body: Array(body.utf8), over: transport)
  }

  /// Logs in as `email` and returns the token.
  public func logIn(_ email: String) async throws -> String {
    let (_, body) = try await send(
      "mutation($e: String!) { login(email: $e) { token } }", variables: ["e": .string(email)])
    guard let token = body["data"]?["login"]?["token"]?.stringValue else {
      throw StartFailure(description: "login failed: \(body)")
    }
    return token
  }

  /// `GET path` on a connection of its own, waiting for the answer: nil when the server cannot
  /// be reached or does not answer.
  public func get(_ path: String) -> HTTPAnswer? {
    try? TestHTTP.sendWaiting(url(path), over: .socket)
  }
}
