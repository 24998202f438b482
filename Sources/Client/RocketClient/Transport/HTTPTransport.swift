import FoundationEssentials
import GraphQLWire

/// Sends requests with GraphQL over HTTP: a JSON `POST`, or a `GET` with the request in the URL
/// for a query whose ``OutgoingRequest/httpMethod`` asks for it (a persisted query's hash). Every
/// request carries `Accept` (for a query, the incremental formats first: ``queryAccept``), the
/// operation name in `X-APOLLO-OPERATION-NAME` (as apollo-ios sends it) and the request's own
/// fields. A JSON body is read whatever the status (GraphQL servers answer request errors with
/// 400 and a GraphQL body).
public struct HTTPTransport: NetworkTransport {
  /// The `Accept` of a query: an incremental answer (`@defer`, `@stream`) in either format
  /// servers send (see ``IncrementalResult``), else an ordinary one.
  public static let queryAccept =
    "multipart/mixed;incrementalSpec=v0.2,multipart/mixed;deferSpec=20220824,"
    + "application/graphql-response+json,application/json;q=0.9"

  /// The GraphQL endpoint, such as `http://127.0.0.1:4000/graphql`.
  public let endpoint: URL
  private let client: HTTPClient

  /// A transport for `endpoint`; share one `client` between transports to share its connections.
  public init(endpoint: URL, client: HTTPClient = HTTPClient()) {
    self.endpoint = endpoint
    self.client = client
  }

  /// What requests go to, for `--verbose`: `POST` and the endpoint, any password in it masked.
  public var target: String { "POST " + HTTPTransportError.displayed(endpoint) }

  /// Sends `request` and returns the GraphQL response body; a body that is not a GraphQL
  /// response is `.invalidResponse` (or, with a 5xx status, a `.transport` server error).
  public func send(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    let usesGET = Self.usesGET(request)
    let headers = Self.headers(for: request)
    let exchange =
      usesGET
      ? HTTPRequest(method: .get, url: Self.url(for: request.operation, at: endpoint), headers: headers)
      : HTTPRequest(method: .post, url: endpoint, headers: headers, body: request.operation.json.encoded())
    let streamed: HTTPStreamedResponse
    do {
      streamed = try await client.send(exchange)
    } catch {
      throw failure(error)
    }
    if (200..<300).contains(streamed.status),
      let boundary = streamed.header("content-type").flatMap(MultipartMixedParser.boundary(ofContentType:))
    {
      return try await IncrementalReader(endpoint: endpoint, observer: request.stageObserver)
        .read(streamed, boundary: boundary)
    }
    let response: HTTPResponse
    do {
      response = try await HTTPClient.collect(streamed, of: exchange)
    } catch {
      throw failure(error)
    }
    if let failure = HTTPTransportError.classify(response, from: endpoint) {
      throw RocketClientError.transport(failure)
    }
    var answer = TransportResponse(
      json: try body(of: response), status: response.status, byteCount: response.body.count)
    answer.cacheControl = response.header("cache-control")
    answer.headers = response.headers
    return answer
  }

  /// A failed exchange as the client reports it, naming the endpoint rather than a GET's URL.
  private func failure(_ error: HTTPTransportError) -> RocketClientError {
    if case .cancelled = error { return .cancelled }
    return .transport(error.naming(endpoint))
  }

  /// Whether `request` goes by GET: a query whose ``OutgoingRequest/httpMethod`` asks for it.
  public static func usesGET(_ request: OutgoingRequest) -> Bool {
    request.httpMethod == .get && request.operationType == .query
  }

  /// Every header field `request` is sent with: `Accept`, `Content-Type` (not for a GET), the
  /// operation name, then the request's own fields (which replace these, except
  /// `Content-Type`); what `--trace` shows.
  public static func headers(for request: OutgoingRequest) -> HTTPHeaders {
    var headers: HTTPHeaders = [
      "Accept": request.operationType == .query
        ? queryAccept : "application/graphql-response+json, application/json"
    ]
    if !usesGET(request) { headers["Content-Type"] = "application/json" }
    if let name = request.operation.operationName { headers["X-APOLLO-OPERATION-NAME"] = name }
    headers.replace(with: request.headers.filter { $0.name.lowercased() != "content-type" })
    return headers
  }

  /// The URL of `operation` sent by GET, as GraphQL over HTTP has it: `query` (when there is a
  /// text), `operationName`, `variables`, `extensions` and `onError`, percent-encoded, after the
  /// endpoint's own query parameters.
  public static func url(for operation: GraphQLRequest, at endpoint: URL) -> URL {
    var parameters: [(String, String)] = []
    if !operation.query.isEmpty { parameters.append(("query", operation.query)) }
    if let name = operation.operationName { parameters.append(("operationName", name)) }
    if let variables = operation.variables, !variables.isEmpty {
      parameters.append(("variables", JSON.object(variables).encodedString))
    }
    if let extensions = operation.extensions {
      parameters.append(("extensions", JSON.object(extensions).encodedString))
    }
    if let onError = operation.onError { parameters.append(("onError", onError.rawValue)) }
    let query = parameters.map { "\($0)=\(percentEncoded($1))" }.joined(separator: "&")
    let text = endpoint.absoluteString
    let separator = text.contains("?") ? "&" : "?"
    // Percent-encoded ASCII appended to a valid URL is a valid URL.
    return URL(string: text + separator + query) ?? endpoint
  }

  /// `text` with every byte but RFC 3986's unreserved characters percent-encoded.
  static func percentEncoded(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(digits[Int(byte >> 4)])
        encoded.unicodeScalars.append(digits[Int(byte & 0xF)])
      }
    }
    return encoded
  }

  /// Parses the body and checks that it is a GraphQL response.
  private func body(of response: HTTPResponse) throws(RocketClientError) -> JSON {
    let json: JSON
    do {
      json = try JSON(parsing: [UInt8](response.body))
    } catch {
      throw RocketClientError.invalidResponse(
        endpoint: endpoint.absoluteString,
        reason: "HTTP \(response.status) with a body that is not valid JSON (\(error))")
    }
    guard json["data"] != nil || json["errors"] != nil else {
      if response.isServerError {
        throw RocketClientError.transport(
          .serverError(endpoint: endpoint, status: response.status, body: .json))
      }
      throw RocketClientError.invalidResponse(
        endpoint: endpoint.absoluteString,
        reason: "HTTP \(response.status) with JSON that is not a GraphQL response")
    }
    return json
  }
}
