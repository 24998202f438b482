import FoundationEssentials
import GraphQLWire

/// Runs subscriptions over a WebSocket in whichever subprotocol the server picks:
/// `graphql-transport-ws` or the legacy `graphql-ws` (as the hosted tutorial server speaks it).
///
/// One connection per subscription: `connection_init` (with the `Authorization` value in its
/// payload and in the upgrade request), `connection_ack`, then `subscribe` (`start`); `next`
/// (`data`) messages are the results; `ping` is answered with `pong`. TLS is checked as ``tls``
/// says; the connection and the token go to the endpoint's own origin only (never redirected).
public struct WebSocketSubscriptionTransport: SubscriptionTransport {
  /// The subprotocols offered, in order of preference.
  static let subprotocols = ["graphql-transport-ws", "graphql-ws"]

  /// The GraphQL endpoint (`http://`, `https://`, `ws://` or `wss://`).
  public let endpoint: URL
  /// The longest wait for connecting, the TLS and WebSocket handshakes and the `connection_ack`.
  public let timeout: Duration
  /// How a TLS server's certificate is checked.
  public let tls: TLSOptions

  /// A transport for `endpoint` (such as `http://127.0.0.1:4000/graphql`); `timeout` bounds the
  /// wait until the server acknowledged the connection.
  public init(endpoint: URL, timeout: Duration = .seconds(30), tls: TLSOptions = TLSOptions()) {
    self.endpoint = endpoint
    self.timeout = timeout
    self.tls = tls
  }

  /// Opens a WebSocket, starts the subscription on it and returns its results.
  public func subscribe(_ request: OutgoingRequest) async throws(RocketClientError) -> SubscriptionResults {
    switch try await open(request) {
    case .success(let results):
      return results
    case .failure(let refusal):
      throw RocketClientError.invalidResponse(
        endpoint: endpoint.absoluteString, reason: "no WebSocket here (\(Self.describe(refusal)))")
    }
  }

  /// The refusal in words.
  static func describe(_ refusal: WebSocketHandshakeRequest.Refusal) -> String {
    switch refusal {
    case .status(let status): "HTTP \(status) to the upgrade request"
    case .invalid(let reason): "the upgrade answer has \(reason)"
    }
  }

  /// Opens the connection and starts the subscription; the refusal of a server without WebSocket
  /// is the failure.
  func open(_ request: OutgoingRequest) async throws(RocketClientError)
    -> Result<SubscriptionResults, WebSocketHandshakeRequest.Refusal>
  {
    guard let scheme = endpoint.scheme?.lowercased(), ["http", "https", "ws", "wss"].contains(scheme) else {
      throw .transport(.unsupportedURL(endpoint: endpoint))
    }
    if Task.isCancelled { throw .cancelled }
    var headers = HTTPHeaders()
    for field in request.headers where field.name.lowercased() != "content-type" {
      headers.add(field.name, field.value)
    }
    let client: WebSocketClient
    do {
      client = try await WebSocketClient.connect(
        endpoint: endpoint, subprotocols: Self.subprotocols, headers: headers, timeout: timeout, tls: tls)
    } catch {
      switch error {
      case .transport(let error): throw .transport(error)
      case .refused(let refusal): return .failure(refusal)
      }
    }
    let dialect = GraphQLWebSocketDialect(subprotocol: client.subprotocol)
    var initPayload = JSONObject()
    if let authorization = request.authorization { initPayload["Authorization"] = .string(authorization) }
    client.send(dialect.connectionInit(payload: initPayload))
    let (results, output) = SubscriptionResults.makeStream()
    let acknowledged = OneShotSignal<Void>()
    let endpoint = self.endpoint
    let operation = request.operation
    // One reader for the connection's whole life: first the acknowledgement, then the results.
    let reader = Task {
      var started = false
      // Fails the start, or once started the results.
      func fail(_ error: RocketClientError) {
        if !acknowledged.set(.failure(error)) { output.finish(throwing: error) }
      }
      for await event in client.events {
        switch event {
        case .closed(let code):
          let error: RocketClientError =
            code == 4403 || code == 4401
            ? .notLoggedIn(endpoint: endpoint.absoluteString, serverMessage: "closed with \(code ?? 0)")
            : .transport(.connectionLost(endpoint: endpoint))
          fail(error)
          return
        case .overwhelmed(let reason):
          fail(.transport(.failed(endpoint: endpoint, detail: reason)))
          return
        case .text(let bytes):
          defer { client.consumed(bytes.count) }
          switch dialect.classify(bytes) {
          case .acknowledged where !started:
            started = true
            client.send(dialect.subscribe(id: "1", request: operation))
            acknowledged.set(.success(()))
          case .connectionError(let errors):
            fail(.server(errors: errors))
            client.close()
            return
          case .next(let id, let payload) where id == "1":
            output.yield(payload)
          case .error(let id, let errors) where id == "1":
            client.close()
            output.finish(throwing: RocketClientError.server(errors: errors))
            return
          case .complete(let id) where id == "1":
            client.close()
            output.finish()
            return
          case .ping:
            client.send(dialect.pong)
          default:
            continue
          }
        }
      }
      output.finish()
    }
    output.onTermination = { _ in
      reader.cancel()
      client.close()
    }
    let timeout = self.timeout
    let watchdog = Task {
      try? await Task.sleep(for: timeout)
      acknowledged.set(.failure(.transport(.timedOut(endpoint: endpoint, after: timeout))))
    }
    let outcome = await withTaskCancellationHandler {
      await acknowledged.wait()
    } onCancel: {
      acknowledged.set(.failure(.cancelled))
    }
    watchdog.cancel()
    if case .failure(let error) = outcome {
      reader.cancel()
      client.abort()
      throw error
    }
    return .success(results)
  }
}
