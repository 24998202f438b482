import Foundation
import GraphQLAPI
import GraphQLHTTP
import GraphQLWire
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
/// temporary database) in-process, or over HTTP through the real `GraphQLHTTPServer`.
struct ClientHarness {
  let temporary: TemporaryDirectory
  let backend: LaunchBackend
  let store: MemoryCredentialStore
  let client: RocketClient
  /// The HTTP server, for `.http`.
  let server: BackendHTTPServer?

  /// - Parameters:
  ///   - kind: the transport.
  ///   - observe: called with each request's `Authorization` value as the backend receives it.
  init(_ kind: TransportKind, observe: (@Sendable (String?) -> Void)? = nil) throws {
    temporary = try TemporaryDirectory(prefix: "rocket-client")
    let backend = try LaunchBackend(databasePath: temporary.child("backend.sqlite"))
    self.backend = backend
    store = MemoryCredentialStore()
    switch kind {
    case .inProcess:
      server = nil
      // The program's wiring (RocketReserverCLI), which the client module does not know.
      let transport = InProcessTransport { request, authorization in
        observe?(authorization)
        return backend.process(request, authorization: authorization, admission: .singleResponse).result.json
      }
      client = RocketClient(
        transport: transport, credentials: store, endpointKey: Credential.embeddedEndpoint)
    case .http:
      let server = try BackendHTTPServer(backend: backend, observe: observe)
      self.server = server
      client = RocketClient.http(endpoint: server.endpoint, credentials: store, timeout: .seconds(10))
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
