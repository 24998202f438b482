import GraphQL

/// GraphQL over HTTP, as a pure function of the request: routing, CORS preflight, content
/// negotiation, parameter checks and status codes (see shared/notes/graphql-over-http.md).
///
/// A request is handled in up to three steps: `begin` decides everything the head alone decides,
/// and for a POST to `/graphql` asks for the body, which `finish` then checks; what is left is an
/// `Execution`, which `run` answers (the server runs it on a thread of its own, see
/// `FairExecutor`).
struct GraphQLHTTPHandler: Sendable {
  /// What to do after the request head.
  enum Decision {
    /// Answer now (without reading any body).
    case respond(HTTPResponse)
    /// Read a body of at most `maxBodyBytes`, then call `finish` with the negotiated type.
    case readBody(ResponseMediaType)
    /// Run a GraphQL request (a GET) with `run`.
    case execute(Execution)
  }

  /// A GraphQL request that passed every HTTP check, with what its execution needs from the head.
  struct Execution: Sendable {
    let request: GraphQLRequest
    let authorization: String?
    let media: ResponseMediaType
    let allowMutations: Bool
  }

  let service: any GraphQLService
  let maxBodyBytes: Int

  /// Handles everything decided by the method, path and headers.
  func begin(_ request: some HTTPRequestHead) -> Decision {
    if request.method == .options { return .respond(.preflight) }
    switch request.route {
    case .home:
      if request.method == .get || request.method == .head { return .respond(.homePage) }
      return .respond(.error(405, "Use GET for this page.", allow: "GET, HEAD"))
    case .unknown:
      return .respond(.error(404, "Not found. The GraphQL endpoint is /graphql."))
    case .graphQL:
      break
    }
    guard request.method == .get || request.method == .post else {
      return .respond(.error(405, "GraphQL requests use GET or POST.", allow: "GET, POST"))
    }
    let accept: String?
    switch request.header("Accept") {
    case .value(let value): accept = value
    case .absent: accept = nil
    case .invalidUTF8: accept = ""
    }
    guard let media = MediaTypeNegotiation.negotiate(accept: accept) else {
      return .respond(
        .error(
          406,
          "The Accept header allows neither application/graphql-response+json nor application/json."))
    }
    if request.method == .get {
      switch get(request, media: media) {
      case .failure(let refusal): return .respond(refusal.value)
      case .success(let execution): return .execute(execution)
      }
    }
    guard case .value(let contentType) = request.header("Content-Type"),
      MediaTypeNegotiation.isJSONContentType(contentType)
    else {
      return .respond(
        .error(415, "POST requests must have Content-Type: application/json (UTF-8).", media: media))
    }
    if let length = request.contentLength, length > maxBodyBytes { return .respond(payloadTooLarge(media)) }
    return .readBody(media)
  }

  /// Checks a POST body that was read in full (at most `maxBodyBytes`): the request to run, or
  /// the answer for a body that holds none.
  func finish(_ request: some HTTPRequestHead, body: [UInt8], media: ResponseMediaType)
    -> Result<Execution, Refusal>
  {
    parseBody(body, media: media).map { graphQLRequest in
      Execution(
        request: graphQLRequest, authorization: Self.authorization(request), media: media,
        allowMutations: true)
    }
  }

  /// A 400 answer, as an error so that it fits in a `Result`.
  struct Refusal: Error {
    let value: HTTPResponse
  }

  /// The GraphQL request in a POST body, or the 400 answer for one that is not.
  func parseBody(_ body: [UInt8], media: ResponseMediaType) -> Result<GraphQLRequest, Refusal> {
    if body.isEmpty {
      return .failure(Refusal(value: .error(400, "The request body is empty.", media: media)))
    }
    let json: JSON
    do {
      json = try JSON(parsing: body, maxDepth: 128)
    } catch {
      return .failure(
        Refusal(value: .error(400, "The request body is not valid JSON: \(error.description).", media: media))
      )
    }
    guard case .object(let parameters) = json else {
      return .failure(Refusal(value: .error(400, "The request body must be a JSON object.", media: media)))
    }
    do {
      return .success(try RequestParameters.fromBody(parameters))
    } catch {
      return .failure(Refusal(value: .error(400, error.message, media: media)))
    }
  }

  /// What a subscription sent as a plain JSON request is told.
  static let subscriptionNeedsStream =
    "Subscriptions are streamed: send Accept: multipart/mixed;subscriptionSpec=1.0 (Apollo's HTTP "
    + "multipart) or Accept: text/event-stream (graphql-sse), or use a WebSocket at /graphql "
    + "(graphql-transport-ws or graphql-ws)."

  /// The 413 answer for a body over the limit.
  func payloadTooLarge(_ media: ResponseMediaType) -> HTTPResponse {
    .error(413, "The request body is larger than \(maxBodyBytes) bytes.", media: media)
  }

  private func get(_ request: some HTTPRequestHead, media: ResponseMediaType) -> Result<Execution, Refusal> {
    do {
      return .success(
        Execution(
          request: try RequestParameters.fromQueryString(request.queryArgument),
          authorization: Self.authorization(request), media: media, allowMutations: false))
    } catch {
      return .failure(Refusal(value: .error(400, error.message, media: media)))
    }
  }

  private static func authorization(_ request: some HTTPRequestHead) -> String? {
    if case .value(let value) = request.header("Authorization") { value } else { nil }
  }

  /// Runs a checked request against the service and answers it.
  func run(_ execution: Execution) -> HTTPResponse {
    let media = execution.media
    let result: GraphQLServiceResult
    do {
      result = try service.execute(
        execution.request, authorization: execution.authorization, allowMutations: execution.allowMutations)
    } catch {
      return .internalError(media)
    }
    var response: HTTPResponse
    switch result.kind {
    case .executed:
      response = HTTPResponse(status: 200, contentType: .media(media), body: result.body)
    case .requestError:
      let status = media == .graphQLResponseJSON ? 400 : 200
      response = HTTPResponse(status: status, contentType: .media(media), body: result.body)
    case .serviceUnavailable:
      response = HTTPResponse(status: 503, contentType: .media(media), body: result.body)
    case .mutationNotAllowed:
      if result.body.isEmpty {
        response = .error(405, "Mutations can only be sent with POST.", media: media, allow: "POST")
      } else {
        response = HTTPResponse(status: 405, contentType: .media(media), body: result.body, allow: "POST")
      }
    case .subscriptionNeedsStream:
      response = .error(406, Self.subscriptionNeedsStream, media: media)
    }
    response.operationName = result.operationName
    return response
  }
}
