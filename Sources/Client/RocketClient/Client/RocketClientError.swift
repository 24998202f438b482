import FoundationEssentials
import GraphQLAPI
import GraphQLWire

/// Why an operation failed, in words for the user (the CLI exits 77 for `notLoggedIn`, 69 when
/// ``isUnreachable``).
public enum RocketClientError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The HTTP exchange failed: connection refused, unknown host, TLS, timeout, a 5xx status, a body
  /// that is not JSON. The wrapped error names the endpoint.
  case transport(HTTPTransportError)
  /// The operation needs a logged-in user and the request carried no valid token: the server said
  /// `UNAUTHENTICATED`, or (the hosted tutorial server) failed with "Cannot read property 'id' of null".
  case notLoggedIn(endpoint: String, serverMessage: String)
  /// `login` answered null (or `BAD_USER_INPUT`) for this email.
  case invalidEmail(String)
  /// The server answered with GraphQL errors and no data: their messages are the explanation.
  case server(errors: [GraphQLError])
  /// The answer was JSON but not a GraphQL response, or not JSON at all from the embedded backend.
  case invalidResponse(endpoint: String, reason: String)
  /// The data did not have the shape the operation asked for; the error names the path.
  case decoding(operation: String, ResponseDecodingError)
  /// The credential store could not be read or written; the message says how to fix it.
  case credentials(message: String)
  /// The embedded backend failed before producing a response.
  case backendFailed(message: String)
  /// The calling task was cancelled (Ctrl-C in the REPL).
  case cancelled
  /// `--cache cache-only` and the cache does not hold the whole answer.
  case notCached(operation: String)

  /// True when the endpoint could not be reached or is down, or the cache alone was asked and
  /// cannot answer (exit status 69).
  public var isUnreachable: Bool {
    if case .transport(let error) = self { return error.isUnreachable }
    if case .notCached = self { return true }
    return false
  }

  /// A one-line message for the user. It never contains a token.
  public var description: String {
    switch self {
    case .transport(let error):
      return error.description
    case .notLoggedIn(let endpoint, _):
      return "log in first: this needs a logged-in user at \(Self.displayed(endpoint))"
    case .invalidEmail(let email):
      return "invalid email \(String(reflecting: email)): use an address like name@example.com"
    case .server(let errors):
      guard !errors.isEmpty else { return "the server answered without data or errors" }
      // Messages only: locations point into the generated document, which users never see.
      return "the server answered: " + errors.map(\.message).joined(separator: "; ")
    case .invalidResponse(let endpoint, let reason):
      return "unexpected answer from \(Self.displayed(endpoint)): \(reason)"
    case .decoding(let operation, let error):
      return "unexpected response to \(operation) \(error.description.trimmingPrefix("unexpected response "))"
    case .credentials(let message):
      return message
    case .backendFailed(let message):
      return "the embedded backend failed: \(message)"
    case .cancelled:
      return "cancelled"
    case .notCached(let operation):
      return "nothing cached answers \(operation) (cache-only: no request was sent)"
    }
  }

  /// Runs a credential store call, its failure as ``credentials(message:)``.
  static func fromStore<Value>(_ body: () throws -> Value) throws(RocketClientError) -> Value {
    do {
      return try body()
    } catch {
      throw .credentials(message: "\(error)")
    }
  }

  /// "the embedded backend" for ``Credential/embeddedEndpoint``, else the endpoint with any
  /// password in it masked.
  static func displayed(_ endpoint: String) -> String {
    if endpoint == Credential.embeddedEndpoint { return "the embedded backend" }
    guard let url = URL(string: endpoint) else { return endpoint }
    return HTTPTransportError.displayed(url)
  }
}
