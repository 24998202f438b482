import Foundation
import GraphQL
import GraphQLHTTP
import GraphQLWire
import LaunchBackend
import Synchronization
import TestSupport
import Testing

/// A `LaunchBackend` on a fresh database in a temporary folder, with helpers that run GraphQL
/// documents through `handle` and return the response as JSON.
final class BackendHarness {
  let directory: TemporaryDirectory
  let backend: LaunchBackend
  /// The errors the backend reported as internal.
  let reported = ReportedErrors()

  init() throws {
    directory = try TemporaryDirectory(prefix: "launch-backend")
    backend = try LaunchBackend(
      databasePath: directory.child("data/backend.sqlite"), reportInternalError: reported.append)
  }

  deinit { backend.close() }

  /// The whole response to `query` as JSON (`errors` and/or `data`).
  func run(
    _ query: String, variables: JSONObject? = nil, operationName: String? = nil, authorization: String? = nil
  ) -> JSON {
    Self.run(backend, query, variables: variables, operationName: operationName, authorization: authorization)
  }

  /// The response to `query` from `backend`, for tests that share a backend between threads.
  static func run(
    _ backend: LaunchBackend, _ query: String, variables: JSONObject? = nil, operationName: String? = nil,
    authorization: String? = nil
  ) -> JSON {
    backend.process(
      GraphQLRequest(query: query, operationName: operationName, variables: variables),
      authorization: authorization, admission: .singleResponse
    ).result.json
  }

  /// Logs `email` in and returns the new token.
  func login(_ email: String) throws -> String {
    let response = run(
      #"mutation($e: String) { login(email: $e) { token } }"#, variables: ["e": .string(email)])
    return try #require(response["data"]?["login"]?["token"]?.stringValue, "\(response)")
  }

  /// The `extensions.code` of each error of a response.
  static func codes(_ response: JSON) -> [String?] {
    (response["errors"]?.arrayValue ?? []).map { $0["extensions"]?["code"]?.stringValue }
  }

  /// The messages of a response's errors.
  static func messages(_ response: JSON) -> [String] {
    (response["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
  }
}

/// Collects what a backend reports through `reportInternalError`.
final class ReportedErrors: Sendable {
  private let errors = Mutex<[String]>([])

  @Sendable func append(_ error: any Error) { errors.withLock { $0.append(String(describing: error)) } }

  var all: [String] { errors.withLock { $0 } }
}

extension JSON {
  /// The launch ids of a JSON array of `{ id }` objects.
  var ids: [String] { (arrayValue ?? []).compactMap { $0["id"]?.stringValue } }
}
