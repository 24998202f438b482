import GraphQL
import GraphQLWire
import HTTPServer

extension GraphQLHTTPHandler {
  /// Whether `request` is a GET asking for server-sent events (graphql-sse's distinct connections
  /// mode, as a browser's `EventSource` speaks it).
  static func asksForEventStream(_ request: some HTTPRequestHead) -> Bool {
    request.method == .get
      && StreamFormat.negotiate(accept: request.header("Accept").value) == .serverSentEvents
  }

  /// A GET answered with server-sent events, its parameters from the query string and resuming
  /// after `Last-Event-ID`; a mutation is refused (405), a parameter error a JSON 400.
  func eventStream(_ request: some HTTPRequestHead, authorization: String?) -> HTTPResponder {
    let parsed: GraphQLRequest
    do {
      parsed = try RequestParameters.fromQueryString(request.queryArgument)
    } catch {
      return .respond(.error(400, error.message, media: .json))
    }
    if Self.selectsMutation(parsed) {
      return .respond(.error(405, "Mutations can only be sent with POST.", media: .json, allow: "POST"))
    }
    let resumable = Self.resuming(parsed, lastEventID: request.header("Last-Event-ID").value)
    return streamAnswer(resumable, authorization: authorization, format: .serverSentEvents)
  }

  /// The request resuming after `lastEventID` (what `extensions.resumeAfter` means), unless its
  /// extensions name an event already, which wins.
  static func resuming(_ request: GraphQLRequest, lastEventID: String?) -> GraphQLRequest {
    guard let lastEventID, !lastEventID.isEmpty,
      request.extensions?[SubscriptionResult.resumeAfterExtension] == nil
    else { return request }
    var resumed = request
    var extensions = resumed.extensions ?? [:]
    extensions[SubscriptionResult.resumeAfterExtension] = .string(lastEventID)
    resumed.extensions = extensions
    return resumed
  }

  /// Whether the operation `request` selects is a mutation (one that does not parse is left to
  /// the pipeline).
  static func selectsMutation(_ request: GraphQLRequest) -> Bool {
    guard let document = try? parse(request.query) else { return false }
    let operations = document.operations
    let selected =
      request.operationName.map { name in operations.first { $0.name?.value == name } }
      ?? (operations.count == 1 ? operations.first : nil)
    return selected?.operation == .mutation
  }

  /// A streamed answer in `format` (multipart or SSE) carrying the operation's results: one
  /// for a query or mutation, each event of a subscription as it comes.
  func streamAnswer(_ request: GraphQLRequest, authorization: String?, format: StreamFormat) -> HTTPResponder
  {
    let framing = format.framing
    // The opening goes out once the operation has started: a client that read it misses no
    // event committed after it.
    let openedByProducer = StreamFraming(
      contentType: framing.contentType, opening: [], heartbeat: framing.heartbeat,
      stalledEnding: framing.stalledEnding, end: framing.end)
    return .stream(framing: openedByProducer) { [service, metrics] body in
      let operation = StreamedOperation.start(
        request, authorization: authorization, service: service, incremental: nil, metrics: metrics,
        transport: .stream)
      body.append(framing.opening)
      switch operation {
      case .single(let result):
        body.append(format.result(result.body))
        body.finish()
      case .incremental(let payloads): body.forward(payloads) { payload, _ in format.result(payload.body) }
      case .subscription(let results):
        metrics?.subscriptions.add(1)
        // The next result is pulled only once the client has read enough of the others.
        body.forward(results, ended: { metrics?.subscriptions.add(-1) }) { result, _ in
          format.result(result.body, eventID: result.eventID)
        }
      }
    }
  }
}
