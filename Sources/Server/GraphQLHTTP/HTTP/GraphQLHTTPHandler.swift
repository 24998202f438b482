import GraphQL
import GraphQLWire
import HTTPServer
import WebSocket

/// GraphQL over HTTP as the server's router: routing, CORS, content negotiation, parameter
/// checks and status codes (as the GraphQL over HTTP draft specifies), and which requests are
/// streamed or upgraded. The head decides what it can, then a POST's body (`parseBody`); `run`
/// answers what passed, on the fair executor (or inline, when the service knows it brief).
struct GraphQLHTTPHandler: HTTPRouter {
  /// The service; for a request from a known address, the service's view for that client.
  var service: any GraphQLService
  let maxBodyBytes: Int
  /// The loops upgraded WebSockets are handed to.
  let webSockets: WebSocketLoops
  /// Where operations are counted, if anywhere.
  var metrics: GraphQLMetrics? = nil

  /// Every answer allows any origin (CORS): the API holds no cookies.
  let commonHeaders = [HTTPHeaderField("Access-Control-Allow-Origin", "*")]

  /// Routes with the service serving the request's client, so per-client limits hold on every
  /// transport.
  func route(_ request: some HTTPRequestHead) -> HTTPResponder {
    guard let client = request.clientAddress else { return routeForClient(request) }
    var handler = self
    handler.service = service.serving(client: client)
    return handler.routeForClient(request)
  }

  /// ``route(_:)`` once the service is the client's.
  private func routeForClient(_ request: some HTTPRequestHead) -> HTTPResponder {
    let isEndpoint = request.path == "/graphql"
    // The one place the credential is read, for every kind of GraphQL request.
    let authorization = request.header("Authorization").value
    if isEndpoint, WebSocketHandshake.isUpgrade(request) {
      return upgrade(request, authorization: authorization)
    }
    if isEndpoint, request.method == .post, let stream = stream(request, authorization: authorization) {
      return stream
    }
    if isEndpoint, Self.asksForEventStream(request) {
      return eventStream(request, authorization: authorization)
    }
    if request.method == .options { return .respond(.preflight) }
    guard isEndpoint else {
      guard request.path == "/" else {
        return .respond(.error(404, "Not found. The GraphQL endpoint is /graphql."))
      }
      if request.method == .get || request.method == .head { return .respond(.homePage) }
      return .respond(.error(405, "Use GET for this page.", allow: "GET, HEAD"))
    }
    guard request.method == .get || request.method == .post else {
      return .respond(.error(405, "GraphQL requests use GET or POST.", allow: "GET, POST"))
    }
    // An Accept header that is not UTF-8 counts as none (so does an empty one).
    guard let media = MediaTypeNegotiation.negotiate(accept: request.header("Accept").value) else {
      return .respond(
        .error(
          406,
          "The Accept header allows neither application/graphql-response+json nor application/json."))
    }
    // A mutation's key (POST only: a GET never changes anything).
    let idempotencyKey: String?
    do {
      idempotencyKey = try IdempotencyKeyHeader.parse(request.header("Idempotency-Key").value)
    } catch {
      return .respond(.error(400, error.message, media: media))
    }
    if request.method == .get {
      do {
        let query = try RequestParameters.fromQueryString(request.queryArgument)
        let validators = request.header("If-None-Match").value
        let answer: @Sendable () -> BufferedResponse = {
          HTTPCaching.answer(
            run(query, authorization: authorization, media: media, allowMutations: false),
            ifNoneMatch: validators)
        }
        return service.isBrief(query) ? .computeBrief(answer) : .compute(answer)
      } catch {
        return .respond(.error(400, error.message, media: media))
      }
    }
    guard case .value(let contentType) = request.header("Content-Type"),
      MediaTypeNegotiation.isJSONContentType(contentType)
    else {
      return .respond(
        .error(415, "POST requests must have Content-Type: application/json (UTF-8).", media: media))
    }
    if let length = request.contentLength, length > maxBodyBytes { return .respond(payloadTooLarge(media)) }
    return .readBody(limit: maxBodyBytes) { body in
      guard let body else { return .respond(payloadTooLarge(media)) }
      switch Result(catching: { () throws(ParameterError) in try parseBody(body) }) {
      case .failure(let error): return .respond(.error(400, error.message, media: media))
      case .success(let request) where ValidationOnly.isRequested(request):
        return .compute { ValidationOnly.answer(request, service: service, media: media) }
      case .success(let request):
        let answer: @Sendable () -> BufferedResponse = {
          run(
            request, authorization: authorization, idempotencyKey: idempotencyKey, media: media,
            allowMutations: true)
        }
        return service.isBrief(request) ? .computeBrief(answer) : .compute(answer)
      }
    }
  }

  /// A POST that asks for a streamed answer (multipart or SSE), or nil: a parameter error is a
  /// JSON 400; a query or mutation that may `@defer`/`@stream` is answered incrementally when
  /// `Accept` names an incremental format (or SSE).
  private func stream(_ request: some HTTPRequestHead, authorization: String?) -> HTTPResponder? {
    let accept = request.header("Accept").value
    let format = accept.flatMap(StreamFormat.negotiate(accept:))
    let incremental = IncrementalStreamFormat.negotiate(accept: accept)
    guard format != nil || incremental != nil, let contentType = request.header("Content-Type").value,
      MediaTypeNegotiation.isJSONContentType(contentType), (request.contentLength ?? 0) <= maxBodyBytes
    else { return nil }
    // A reconnecting `EventSource` names the last event it got; it means what
    // `extensions.resumeAfter` means in the body, which wins when both are given.
    let lastEventID = format == .serverSentEvents ? request.header("Last-Event-ID").value : nil
    return .readBody(limit: maxBodyBytes) { body in
      guard let body else { return .respond(payloadTooLarge(.json)) }
      switch Result(catching: { () throws(ParameterError) in try parseBody(body) }) {
      case .failure(let error): return .respond(.error(400, error.message, media: .json))
      case .success(let parsed):
        if IncrementalStreamFormat.mayDefer(parsed) {
          if let incremental {
            return incrementalAnswer(
              parsed, authorization: authorization, format: incremental,
              framing: IncrementalStreamFormat.framing(incremental), encode: IncrementalStreamFormat.part)
          }
          if format == .serverSentEvents {
            return incrementalAnswer(
              parsed, authorization: authorization, format: .incrementalSpecV0_2,
              framing: StreamFormat.serverSentEvents.framing
            ) { payload, _ in StreamFormat.serverSentEvents.result(payload.body) }
          }
        }
        guard let format else {
          // Multipart for `@defer` was accepted, and there is nothing to defer: one JSON answer.
          let media = MediaTypeNegotiation.negotiate(accept: accept) ?? .json
          return .compute { run(parsed, authorization: authorization, media: media, allowMutations: true) }
        }
        return streamAnswer(
          Self.resuming(parsed, lastEventID: lastEventID), authorization: authorization, format: format)
      }
    }
  }

  /// A query or mutation that may `@defer`/`@stream`, answered in `framing` with each payload in
  /// `format` as `encode` writes it (a subscription's events, or a single answer, as payloads
  /// without `hasNext`).
  private func incrementalAnswer(
    _ request: GraphQLRequest, authorization: String?, format: IncrementalFormat, framing: StreamFraming,
    encode: @escaping @Sendable (IncrementalPayload, _ first: Bool) -> [UInt8]
  ) -> HTTPResponder {
    .stream(framing: framing) { [service, metrics] body in
      switch StreamedOperation.start(
        request, authorization: authorization, service: service, incremental: format, metrics: metrics,
        transport: .stream)
      {
      case .incremental(let payloads): body.forward(payloads, encode)
      case .subscription(let results):
        body.forward(results) { encode(IncrementalPayload(body: $0.body, hasNext: false), $1) }
      case .single(let result):
        body.append(encode(IncrementalPayload(body: result.body, hasNext: false), true))
        body.finish()
      }
    }
  }

  /// A WebSocket handshake, checked; the socket goes to the loops with its subprotocol and
  /// `Authorization` header.
  private func upgrade(_ request: some HTTPRequestHead, authorization: String?) -> HTTPResponder {
    let handshake: WebSocketHandshake
    do {
      handshake = try WebSocketHandshake.accept(request)
    } catch {
      return .respond(.error(error.status, error.message))
    }
    let headers: [(name: StaticString, value: String)] = [
      ("Upgrade", "websocket"), ("Sec-WebSocket-Accept", handshake.accept),
      ("Sec-WebSocket-Protocol", "\(handshake.subprotocol.token)"),
    ]
    return .upgrade(headers: headers) { [webSockets, service] socket in
      webSockets.adopt(
        WebSocketLoop.Adoption(
          socket: socket, subprotocol: handshake.subprotocol, authorization: authorization, service: service))
    }
  }

  func error(_ status: Int, _ message: String) -> BufferedResponse { BufferedResponse.error(status, message) }

  /// wslay is opened on first use: opening it now turns a missing library into an error at start.
  func starting() throws(HTTPServerError) {
    if let problem = WebSocketFraming.libraryError { throw .libraryMissing(problem) }
    guard webSockets.start() else { throw .daemonFailed }
  }

  /// Subscriptions end first: WebSockets get `complete` for each operation and close 1001.
  func stopping() { webSockets.stop() }

  /// The GraphQL request in a POST body.
  /// - Throws: `ParameterError` (a 400) for a body that is not one.
  func parseBody(_ body: [UInt8]) throws(ParameterError) -> GraphQLRequest {
    guard !body.isEmpty else { throw ParameterError(message: "The request body is empty.") }
    let json: JSON
    do {
      json = try JSON(parsing: body, maxDepth: 128)
    } catch {
      throw ParameterError(message: "The request body is not valid JSON: \(error.description).")
    }
    guard case .object(let parameters) = json else {
      throw ParameterError(message: "The request body must be a JSON object.")
    }
    return try RequestParameters.fromBody(parameters)
  }

  /// The 413 answer for a body over the limit.
  func payloadTooLarge(_ media: ResponseMediaType) -> BufferedResponse {
    .error(413, "The request body is larger than \(maxBodyBytes) bytes.", media: media)
  }

  /// Runs a checked request and answers it in `media` (`allowMutations` false for GET).
  func run(
    _ request: GraphQLRequest, authorization: String?, idempotencyKey: String? = nil,
    media: ResponseMediaType,
    allowMutations: Bool
  ) -> BufferedResponse {
    let result: GraphQLResponse
    let started = ContinuousClock.now
    let transport: GraphQLMetrics.Transport = allowMutations ? .post : .get
    do {
      result = try service.execute(
        request, authorization: authorization, idempotencyKey: idempotencyKey, allowMutations: allowMutations)
    } catch {
      metrics?.record(
        .internalError, operationName: request.operationName, transport: transport, duration: .now - started)
      return .internalError(media)
    }
    // The access log names the operation that ran, or, when none ran, the one asked for.
    let operationName = result.operationName ?? request.operationName
    metrics?.record(result, operationName: operationName, transport: transport, duration: .now - started)
    var response = HTTPStatusTable.answer(result, media: media, isGet: !allowMutations)
    response.logLabel = operationName
    response.errorCount = result.errors.count
    return response
  }
}
