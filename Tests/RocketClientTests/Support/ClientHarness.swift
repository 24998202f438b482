import Foundation
import GraphQLAPI
import RocketClient
import TestSupport
import Testing

/// The two ways a client reaches a backend; the shared client suite runs against both.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case inProcess
  case http

  var testDescription: String { rawValue }
}

/// A client with a private credential store, talking to `handler` in-process or over HTTP.
///
/// Over HTTP, a loopback stub plays the server: it decodes each POSTed body and answers with
/// what the same handler answers in-process, so both transports see the same backend.
struct ClientHarness {
  let temporary: TemporaryDirectory
  let store: FileCredentialStore
  let client: RocketClient
  /// The HTTP server, for `.http`; it records requests.
  let stub: LoopbackHTTPStub?

  init(_ kind: TransportKind, handler: @escaping InProcessTransport.Handler) throws {
    temporary = try TemporaryDirectory(prefix: "rocket-client")
    store = FileCredentialStore(path: temporary.child("config/credentials.json"))
    switch kind {
    case .inProcess:
      stub = nil
      client = RocketClient(
        transport: InProcessTransport(handler: handler), credentials: store,
        endpointKey: Credential.embeddedEndpoint)
    case .http:
      let server = try LoopbackHTTPStub { request in Self.serve(request, with: handler) }
      stub = server
      client = RocketClient(
        transport: HTTPTransport(endpoint: server.url(), client: HTTPClient(timeout: .seconds(10))),
        credentials: store, endpointKey: server.url().absoluteString)
    }
  }

  /// Answers one HTTP request by handing its GraphQL body to `handler`.
  static func serve(
    _ request: LoopbackHTTPStub.Request, with handler: InProcessTransport.Handler
  ) -> LoopbackHTTPStub.Response {
    guard let body = try? JSON(parsing: [UInt8](request.body)), let query = body["query"]?.stringValue
    else { return .json(#"{"errors":[{"message":"bad request"}]}"#, status: 400) }
    let operation = OperationRequest(
      query: query, operationName: body["operationName"]?.stringValue,
      variables: body["variables"]?.objectValue ?? [:])
    do {
      let answer = try handler(operation, request.header("authorization"))
      return .json(answer.encodedString)
    } catch {
      return .json(#"{"errors":[{"message":"Internal server error"}]}"#, status: 500)
    }
  }
}

/// Runs `operation`, expecting a `RocketClientError`, and returns it.
func clientError<T>(
  sourceLocation: Testing.SourceLocation = #_sourceLocation,
  _ operation: () async throws -> T
) async throws -> RocketClientError {
  do {
    _ = try await operation()
  } catch let error as RocketClientError {
    return error
  }
  Issue.record("expected a RocketClientError, got a value", sourceLocation: sourceLocation)
  throw CancellationError()
}
