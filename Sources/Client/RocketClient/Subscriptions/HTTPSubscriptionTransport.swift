import FoundationEssentials
import GraphQLWire

/// Runs subscriptions over HTTP the way the server offers them: Apollo's multipart answer first,
/// and when the server answers that without a stream (as the hosted tutorial server does), a
/// WebSocket with `graphql-transport-ws` or the legacy `graphql-ws`.
public struct HTTPSubscriptionTransport: SubscriptionTransport {
  /// Which protocols to try.
  public enum Mode: String, Sendable, CaseIterable {
    /// Multipart, then WebSocket.
    case auto
    /// Multipart only.
    case multipart
    /// WebSocket only.
    case websocket
  }

  private let multipart: MultipartSubscriptionTransport
  private let webSocket: WebSocketSubscriptionTransport
  private let mode: Mode

  /// A transport for `endpoint`; `client` makes the multipart request, and its ``HTTPClient/tls``
  /// checks the WebSocket's TLS too; `timeout` bounds setting up a connection.
  public init(endpoint: URL, client: HTTPClient, timeout: Duration, mode: Mode = .auto) {
    multipart = MultipartSubscriptionTransport(endpoint: endpoint, client: client)
    webSocket = WebSocketSubscriptionTransport(endpoint: endpoint, timeout: timeout, tls: client.tls)
    self.mode = mode
  }

  /// Starts the subscription over multipart HTTP or a WebSocket, as ``Mode`` allows.
  public func subscribe(_ request: OutgoingRequest) async throws(RocketClientError) -> SubscriptionResults {
    switch mode {
    case .multipart: return try await multipart.subscribe(request)
    case .websocket: return try await webSocket.subscribe(request)
    case .auto: break
    }
    let refusal: RocketClientError
    switch try await multipart.start(request) {
    case .success(let results): return results
    case .failure(let error): refusal = error
    }
    let scheme = multipart.endpoint.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else { throw refusal }
    // No WebSocket either: the multipart refusal says more (often the server's own errors).
    guard case .success(let results) = try await webSocket.open(request) else { throw refusal }
    return results
  }
}
