import FoundationEssentials
import GraphQLWire

/// Asks a server what it speaks (`rocket-reserver probe URL`): GraphQL over HTTP by POST and GET
/// with their media types and statuses, introspection, WebSocket subprotocols, multipart and SSE
/// subscriptions, incremental delivery, persisted queries, `onError` and compression, each by a
/// small request of its own that the server answers in its own words. Streams are cancelled as
/// soon as their head has arrived.
public struct ServerProbe: Sendable {
  /// The GraphQL endpoint to ask.
  public let endpoint: URL
  /// Header fields sent with every request (the user's `--header`s; no saved token).
  public let headers: HTTPHeaders
  /// The longest wait for each request.
  public let timeout: Duration
  /// How an `https://` server's certificate is checked (`--cacert`, `--insecure`).
  public let tls: TLSOptions
  private let client: HTTPClient

  /// A probe of `endpoint`; `timeout` bounds each request (default 10 seconds).
  public init(
    endpoint: URL, headers: HTTPHeaders = HTTPHeaders(), timeout: Duration = .seconds(10),
    tls: TLSOptions = TLSOptions()
  ) {
    self.endpoint = endpoint
    self.headers = headers
    self.timeout = timeout
    self.tls = tls
    client = HTTPClient(timeout: timeout, tls: tls)
  }

  /// The media types of GraphQL over HTTP, the current one first.
  static let responseMediaTypes = ["application/graphql-response+json", "application/json"]
  /// The incremental-delivery formats clients ask for, as `multipart/mixed` parameters.
  static let incrementalFormats = ["incrementalSpec=v0.2", "deferSpec=20220824"]

  /// Runs every check; throws only when the endpoint cannot be reached at all.
  public func run() async throws(HTTPTransportError) -> ServerProbeReport {
    var report = ServerProbeReport(endpoint: endpoint)
    // The first request decides whether there is anything to probe; its time, with two more,
    // gives the round trip (the fastest of three: the first pays for the connection).
    var fastest: Duration?
    var first: HTTPResponse?
    for _ in 0..<3 {
      let started = ContinuousClock.now
      let response = try await post(#"{"query":"{ __typename }"}"#, accept: Self.acceptAny)
      let took = ContinuousClock.now - started
      fastest = min(fastest ?? took, took)
      first = first ?? response
    }
    report.roundTrip = fastest
    guard let first, Self.graphQLData(first)?["__typename"]?.stringValue != nil else {
      report.notGraphQL = first.map(Self.describe)
      report.webSocketSubprotocols = await webSocketSubprotocols()
      return report
    }
    report.isGraphQL = true
    for mediaType in Self.responseMediaTypes {
      if let response = try? await post(#"{"query":"{ __typename }"}"#, accept: mediaType),
        response.status == 200, Self.mediaType(of: response) == mediaType
      {
        report.postMediaTypes.append(mediaType)
      }
      if let response = try? await post(#"{"query":"{ __probeNoSuchField }"}"#, accept: mediaType),
        Self.mediaType(of: response) == mediaType
      {
        report.validationErrorStatus.append(.init(mediaType: mediaType, status: response.status))
      }
    }
    report.get = await acceptsGET()
    let schema = await introspect(&report)
    report.webSocketSubprotocols = await webSocketSubprotocols()
    if let subscription = schema?.subscriptionDocument {
      report.multipartSubscriptions = await streams(
        subscription, accept: "multipart/mixed;subscriptionSpec=1.0", answers: "multipart/mixed")
      report.serverSentEvents = await streams(
        subscription, accept: "text/event-stream", answers: "text/event-stream")
      if report.serverSentEvents == true {
        report.resumableSubscriptions = await resumes(subscription, accept: "text/event-stream")
      } else if report.multipartSubscriptions == true {
        report.resumableSubscriptions = await resumes(
          subscription, accept: "multipart/mixed;subscriptionSpec=1.0")
      }
    }
    report.incrementalDelivery = await incrementalFormats()
    report.automaticPersistedQueries = await automaticPersistedQueries()
    report.onError = await honoursOnError()
    return report
  }

  // MARK: The checks

  private static let acceptAny = "application/graphql-response+json, application/json;q=0.9"

  /// Whether `?query=` by GET is answered with data.
  private func acceptsGET() async -> Bool {
    let url = HTTPTransport.url(for: GraphQLRequest(query: "{ __typename }"), at: endpoint)
    var request = HTTPRequest(method: .get, url: url, headers: headers, timeout: timeout)
    request.headers.add("Accept", Self.acceptAny)
    guard let response = try? await client.fetch(request) else { return false }
    return response.status == 200 && Self.graphQLData(response)?["__typename"] != nil
  }

  /// Introspection: on when the schema's types come back; the schema's size, its subscription
  /// field and whether answers come compressed are read from the same answer (the types with
  /// their fields and descriptions: some kilobytes, past any server's threshold for gzip).
  private func introspect(_ report: inout ServerProbeReport) async -> ProbedSchema? {
    let query =
      "{ __schema { types { name description fields { name description } } subscriptionType { fields { name args { type { kind } } type { kind ofType { kind ofType { kind ofType { kind } } } } } } } }"
    let body = JSON.object(["query": .string(query)]).encodedString
    guard let response = try? await post(body, accept: Self.acceptAny, acceptEncoding: "gzip") else {
      return nil
    }
    report.compression = response.header("content-encoding").map { [$0] } ?? []
    guard let schema = Self.graphQLData(response)?["__schema"]?.objectValue else {
      report.introspection = false
      return nil
    }
    report.introspection = true
    report.schemaTypes = schema["types"]?.arrayValue?.count
    return ProbedSchema(subscriptionFields: schema["subscriptionType"]?["fields"]?.arrayValue ?? [])
  }

  /// The subprotocols a WebSocket handshake on the endpoint accepts, each offered alone.
  private func webSocketSubprotocols() async -> [String] {
    var accepted: [String] = []
    for subprotocol in WebSocketSubscriptionTransport.subprotocols {
      if let socket = try? await WebSocketClient.connect(
        endpoint: endpoint, subprotocols: [subprotocol], headers: headers, timeout: timeout, tls: tls),
        socket.subprotocol == subprotocol
      {
        accepted.append(subprotocol)
        socket.close()
      }
    }
    return accepted
  }

  /// Whether `document` sent with `accept` is answered with a stream of `answers` (its head
  /// only: the stream is cancelled at once).
  private func streams(_ document: String, accept: String, answers: String) async -> Bool {
    let body = JSON.object(["query": .string(document)]).encodedString
    var request = jsonPOST(body, accept: accept)
    request.idleTimeout = timeout
    guard let response = try? await client.send(request) else { return false }
    let reader = Task {
      var chunks = response.body.makeAsyncIterator()
      _ = try? await chunks.next()
    }
    reader.cancel()
    await reader.value
    return response.status == 200
      && Self.mediaType(of: response.header("content-type")) == answers
  }

  /// Whether the server reads `extensions.resumeAfter` (docs/resumable-subscriptions.md): one
  /// that resumes refuses an id that cannot be one, naming the extension (read for 2 s at most).
  private func resumes(_ document: String, accept: String) async -> Bool {
    let body = JSON.object([
      "query": .string(document),
      "extensions": .object(["resumeAfter": .string("rocket-reserver-probe")]),
    ]).encodedString
    var request = jsonPOST(body, accept: accept)
    request.idleTimeout = timeout
    guard let response = try? await client.send(request), response.status == 200 else { return false }
    let reader = Task { () -> Bool in
      // The whole text so far is searched (the name may straddle two chunks), up to 64 KiB.
      var text = ""
      for try await chunk in response.body {
        text += String(decoding: chunk, as: UTF8.self)
        if text.contains("resumeAfter") { return true }
        if text.utf8.count > 65_536 { break }
      }
      return false
    }
    let deadline = Task {
      try? await Task.sleep(for: .seconds(2))
      reader.cancel()
    }
    let refused = (try? await reader.value) ?? false
    deadline.cancel()
    return refused
  }

  /// The incremental-delivery formats a deferred fragment is answered in.
  private func incrementalFormats() async -> [String] {
    var formats: [String] = []
    for format in Self.incrementalFormats
    where await streams(
      "{ ... @defer { __typename } }", accept: "multipart/mixed;\(format)", answers: "multipart/mixed")
    {
      formats.append(format)
    }
    return formats
  }

  /// Whether a hash the server cannot know is answered `PersistedQueryNotFound` (it speaks APQ)
  /// rather than `PersistedQueryNotSupported` or a complaint about the missing query.
  private func automaticPersistedQueries() async -> Bool {
    let unknown = SHA256.hexDigest(
      "{ __typename } # rocket-reserver probe \(UInt64.random(in: 0...UInt64.max))")
    let body = JSON.object([
      "extensions": .object([
        "persistedQuery": .object(["version": .int(1), "sha256Hash": .string(unknown)])
      ])
    ]).encodedString
    guard let response = try? await post(body, accept: Self.acceptAny) else { return false }
    let errors = Self.json(response)?["errors"]?.arrayValue ?? []
    return errors.contains { error in
      error["message"]?.stringValue == "PersistedQueryNotFound"
        || error["extensions"]?["code"]?.stringValue == "PERSISTED_QUERY_NOT_FOUND"
    }
  }

  /// Whether the server reads the `onError` request parameter: a value it cannot define is a
  /// request error there (no `data`, an error naming `onError`), and `NULL` is answered with data;
  /// a server that does not know the parameter ignores both.
  static let onErrorProbeValue = "ROCKET_RESERVER_PROBE"

  private func honoursOnError() async -> Bool {
    let unknown = JSON.object([
      "query": .string("{ __typename }"), "onError": .string(Self.onErrorProbeValue),
    ]).encodedString
    guard let refused = try? await post(unknown, accept: Self.acceptAny), Self.graphQLData(refused) == nil,
      let errors = Self.json(refused)?["errors"]?.arrayValue,
      errors.contains(where: { $0["message"]?.stringValue?.contains("onError") == true })
    else { return false }
    let known = JSON.object(["query": .string("{ __typename }"), "onError": .string("NULL")]).encodedString
    guard let answered = try? await post(known, accept: Self.acceptAny) else { return false }
    return Self.graphQLData(answered)?["__typename"] != nil
  }

  // MARK: Requests and answers

  /// A POST of the JSON `body` to the endpoint, asking for `accept`, within the probe's timeout.
  private func jsonPOST(_ body: String, accept: String) -> HTTPRequest {
    var request = HTTPRequest(method: .post, url: endpoint, headers: headers, body: Array(body.utf8))
    request.timeout = timeout
    request.headers.add("Content-Type", "application/json")
    request.headers.add("Accept", accept)
    return request
  }

  private func post(
    _ body: String, accept: String, acceptEncoding: String? = nil
  ) async throws(HTTPTransportError) -> HTTPResponse {
    var request = jsonPOST(body, accept: accept)
    if let acceptEncoding { request.headers.add("Accept-Encoding", acceptEncoding) }
    return try await client.fetch(request)
  }

  private static func json(_ response: HTTPResponse) -> JSON? {
    try? JSON(parsing: [UInt8](response.body))
  }

  private static func graphQLData(_ response: HTTPResponse) -> JSON? {
    guard let data = json(response)?["data"], data.objectValue != nil else { return nil }
    return data
  }

  private static func mediaType(of response: HTTPResponse) -> String? {
    mediaType(of: response.header("content-type"))
  }

  private static func mediaType(of contentType: String?) -> String? {
    contentType?.split(separator: ";").first.map { $0.trimmingSpaces().lowercased() }
  }

  /// A non-GraphQL answer in a few words: `404, text/html`.
  private static func describe(_ response: HTTPResponse) -> String {
    "\(response.status), " + (mediaType(of: response) ?? "no Content-Type")
  }
}

/// What introspection told the probe that later checks need.
private struct ProbedSchema {
  var subscriptionFields: [JSON]

  /// A subscription of the first root field that needs no argument, selecting `__typename`
  /// from an object and nothing from a leaf; nil when there is none.
  var subscriptionDocument: String? {
    for field in subscriptionFields {
      guard let name = field["name"]?.stringValue else { continue }
      let arguments = field["args"]?.arrayValue ?? []
      guard !arguments.contains(where: { $0["type"]?["kind"]?.stringValue == "NON_NULL" }) else { continue }
      var type = field["type"]
      while let kind = type?["kind"]?.stringValue, kind == "NON_NULL" || kind == "LIST" {
        type = type?["ofType"]
      }
      let kind = type?["kind"]?.stringValue ?? "SCALAR"
      let leaf = kind == "SCALAR" || kind == "ENUM"
      return "subscription { \(name)\(leaf ? "" : " { __typename }") }"
    }
    return nil
  }
}
