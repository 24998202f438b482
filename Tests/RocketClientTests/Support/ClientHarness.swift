import Foundation
import GraphQLAPI
import LaunchBackend
import RocketClient
import TestSupport
import Testing

/// The two ways a client reaches a backend; the shared client suite runs against both.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case inProcess
  case http

  var testDescription: String { rawValue }
}

/// A client with a private credential store, talking to the real embedded backend (on a fresh
/// temporary database) in-process or over HTTP.
///
/// Over HTTP, a loopback stub plays the server: it hands each POSTed body to the same backend
/// and answers with what `handle` returns, encoded. (Until `serve` from branch `server` is merged
/// here; the stub then gives way to the real HTTP server.)
struct ClientHarness {
  let temporary: TemporaryDirectory
  let backend: LaunchBackend
  let store: FileCredentialStore
  let client: RocketClient
  /// The HTTP server, for `.http`; it records requests.
  let stub: LoopbackHTTPStub?

  /// - Parameters:
  ///   - kind: the transport.
  ///   - observe: called with each request's `Authorization` value as the backend receives it.
  init(_ kind: TransportKind, observe: (@Sendable (String?) -> Void)? = nil) throws {
    temporary = try TemporaryDirectory(prefix: "rocket-client")
    let backend = try LaunchBackend(databasePath: temporary.child("backend.sqlite"))
    self.backend = backend
    store = FileCredentialStore(path: temporary.child("config/credentials.json"))
    let handler: InProcessTransport.Handler = { request, authorization in
      observe?(authorization)
      let variables = request.variables.isEmpty ? nil : request.variables
      return backend.handle(
        query: request.query, operationName: request.operationName, variables: variables,
        authorization: authorization
      ).result.json
    }
    switch kind {
    case .inProcess:
      stub = nil
      let transport =
        observe == nil ? InProcessTransport(backend: backend) : InProcessTransport(handler: handler)
      client = RocketClient(
        transport: transport, credentials: store, endpointKey: Credential.embeddedEndpoint)
    case .http:
      let server = try LoopbackHTTPStub { request in Self.serve(request, with: handler) }
      stub = server
      client = RocketClient.http(endpoint: server.url(), credentials: store, timeout: .seconds(10))
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
