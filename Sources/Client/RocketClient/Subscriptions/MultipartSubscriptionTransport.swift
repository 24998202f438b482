import FoundationEssentials
import GraphQLWire

/// Runs subscriptions with Apollo's HTTP multipart protocol (`subscriptionSpec=1.0`): one POST
/// whose `multipart/mixed` answer stays open with one part per result: `{"payload": ...}`, `{}`
/// a heartbeat, `{"payload": null, "errors": [...]}` a fatal error. A stream silent for
/// ``idleTimeout`` (heartbeats come every few seconds) counts as a lost connection.
public struct MultipartSubscriptionTransport: SubscriptionTransport {
  /// The `Accept` value asking for the multipart answer (and JSON for a refusal).
  public static let accept = "multipart/mixed;subscriptionSpec=1.0, application/json"

  /// The GraphQL endpoint.
  public let endpoint: URL
  /// The longest the server may send nothing, heartbeats included.
  public let idleTimeout: Duration
  private let client: HTTPClient

  /// A transport for `endpoint`; `client`'s timeout bounds connecting and the response head.
  public init(endpoint: URL, client: HTTPClient = HTTPClient(), idleTimeout: Duration = .seconds(30)) {
    self.endpoint = endpoint
    self.client = client
    self.idleTimeout = idleTimeout
  }

  /// Sends the subscription and returns its results as the parts arrive.
  public func subscribe(_ request: OutgoingRequest) async throws(RocketClientError) -> SubscriptionResults {
    try await start(request).get()
  }

  /// Sends the request and returns the stream or, for an answer without one, its refusal: the
  /// server's GraphQL errors when its body has them, else what the body is.
  func start(_ request: OutgoingRequest) async throws(RocketClientError)
    -> Result<SubscriptionResults, RocketClientError>
  {
    var headers: HTTPHeaders = ["Content-Type": "application/json", "Accept": Self.accept]
    if let name = request.operation.operationName { headers["X-APOLLO-OPERATION-NAME"] = name }
    for field in request.headers where !["content-type", "accept"].contains(field.name.lowercased()) {
      headers.add(field.name, field.value)
    }
    var http = HTTPRequest(
      method: .post, url: endpoint, headers: headers, body: request.operation.json.encoded(),
      maxBodySize: .max)
    http.idleTimeout = idleTimeout
    let response: HTTPStreamedResponse
    do {
      response = try await client.send(http)
    } catch .cancelled {
      throw RocketClientError.cancelled
    } catch {
      throw RocketClientError.transport(error)
    }
    guard (200..<300).contains(response.status),
      let boundary = response.header("content-type").flatMap(MultipartMixedParser.boundary(ofContentType:))
    else {
      // Not a stream: read the (bounded) answer to say why.
      var body = Data()
      do {
        for try await chunk in response.body {
          body.append(contentsOf: chunk)
          if body.count > HTTPClient.defaultMaxBodySize { break }
        }
      } catch {
        if Task.isCancelled { throw RocketClientError.cancelled }
      }
      if let json = try? JSON(parsing: [UInt8](body)), let errors = json["errors"],
        errors.arrayValue?.isEmpty == false
      {
        return .failure(.server(errors: GraphQLError.list(errors)))
      }
      let plain = HTTPResponse(status: response.status, headers: [:], body: body)
      if let failure = HTTPTransportError.classify(plain, from: endpoint) {
        return .failure(.transport(failure))
      }
      return .failure(
        .invalidResponse(
          endpoint: endpoint.absoluteString,
          reason: "HTTP \(response.status) without a multipart stream of results"))
    }
    // Pulled: a part is read from the body only when the consumer asks for the next result, so
    // a server that streams faster than results are used waits on the socket (the transfer
    // pauses) instead of filling memory.
    let reader = MultipartResultReader(body: response.body, boundary: boundary, endpoint: endpoint)
    return .success(SubscriptionResults(unfolding: { try await reader.next() }))
  }
}

/// Reads a multipart subscription answer one result at a time, as its consumer asks.
/// (`@unchecked Sendable`: `AsyncThrowingStream(unfolding:)` calls `next()` for one consumer,
/// never twice at once.)
private final class MultipartResultReader: @unchecked Sendable {
  private var body: HTTPBody.AsyncIterator
  private var parser: MultipartMixedParser
  private var parts: [[UInt8]] = []
  private let endpoint: URL
  private var ended = false

  init(body: HTTPBody, boundary: String, endpoint: URL) {
    self.body = body.makeAsyncIterator()
    parser = MultipartMixedParser(boundary: boundary)
    self.endpoint = endpoint
  }

  /// The next result's payload; nil at the stream's end. Throws the server's errors (a fatal
  /// error part), a lost connection, or a part larger than the parser's limit.
  func next() async throws -> JSON? {
    while true {
      while !parts.isEmpty {
        let part = parts.removeFirst()
        guard let json = try? JSON(parsing: part), case .object(let object) = json else { continue }
        if let payload = object["payload"], case .object = payload { return payload }
        if let errors = object["errors"] {
          ended = true
          parts = []
          throw RocketClientError.server(errors: GraphQLError.list(errors))
        }
        // `{}`: a heartbeat.
      }
      if ended || parser.isEnded { return nil }
      let chunk: [UInt8]?
      do {
        chunk = try await body.next()
      } catch let error as HTTPTransportError {
        ended = true
        throw RocketClientError.transport(error)
      } catch {
        chunk = nil
      }
      // The body ended, or broke, before the close delimiter.
      guard let chunk else {
        ended = true
        if Task.isCancelled { return nil }
        throw RocketClientError.transport(.connectionLost(endpoint: endpoint))
      }
      do {
        parts = try parser.feed(chunk)
      } catch {
        ended = true
        throw RocketClientError.invalidResponse(
          endpoint: endpoint.absoluteString, reason: "a multipart part larger than 1 MiB")
      }
    }
  }
}
