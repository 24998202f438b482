import FoundationEssentials
import GraphQLWire

/// What ``ServerProbe`` found: one property per thing a client may want to know, nil or empty
/// where the server does not have it (or, for subscriptions, where it has no subscription field
/// that needs no argument, so they could not be tried).
public struct ServerProbeReport: Sendable, Equatable {
  /// The status a GraphQL validation error is answered with, for one response media type.
  public struct ErrorStatus: Sendable, Equatable {
    /// The media type asked for (and answered with).
    public var mediaType: String
    /// The status: 400 under `application/graphql-response+json`, usually 200 under JSON.
    public var status: Int
  }

  /// The endpoint probed.
  public var endpoint: URL
  /// The fastest of three `{ __typename }` POSTs, connection set-up excluded.
  public var roundTrip: Duration?
  /// Whether `{ __typename }` by POST was answered with GraphQL data.
  public var isGraphQL = false
  /// For a server that is not GraphQL: its status and media type (`404, text/html`).
  public var notGraphQL: String?
  /// The response media types a POST is answered in when asked for it alone.
  public var postMediaTypes: [String] = []
  /// Whether a query by GET (`?query=`) is answered.
  public var get = false
  /// The status of a document that fails validation, per media type.
  public var validationErrorStatus: [ErrorStatus] = []
  /// Whether introspection answers (nil: not asked, the server is not GraphQL).
  public var introspection: Bool?
  /// The number of types introspection lists.
  public var schemaTypes: Int?
  /// The WebSocket subprotocols the endpoint accepts.
  public var webSocketSubprotocols: [String] = []
  /// Whether a subscription is answered as Apollo's multipart stream (nil: not tried).
  public var multipartSubscriptions: Bool?
  /// Whether a subscription is answered as server-sent events (nil: not tried).
  public var serverSentEvents: Bool?
  /// Whether subscriptions resume after an event id (`extensions.resumeAfter`; nil: not tried,
  /// no subscription stream over HTTP).
  public var resumableSubscriptions: Bool?
  /// The incremental-delivery formats (`incrementalSpec=v0.2`, `deferSpec=20220824`) a deferred
  /// fragment is answered in.
  public var incrementalDelivery: [String] = []
  /// Whether the server speaks Apollo's automatic persisted queries.
  public var automaticPersistedQueries = false
  /// Whether the server honours the `onError` request parameter (`NULL`, `PROPAGATE`, `HALT`).
  public var onError = false
  /// The `Content-Encoding`s an answer of a few kilobytes came in when gzip was acceptable.
  public var compression: [String] = []

  /// An empty report of `endpoint`.
  public init(endpoint: URL) {
    self.endpoint = endpoint
  }

  /// The round trip in milliseconds, to two decimals.
  public var roundTripMilliseconds: Double? {
    roundTrip.map { duration in
      let milliseconds =
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
      return (milliseconds * 100).rounded() / 100
    }
  }

  /// The report as JSON, one key per property (`--json`).
  public var json: JSON {
    func list(_ values: [String]) -> JSON { .array(values.map(JSON.string)) }
    func optional(_ value: Bool?) -> JSON { value.map(JSON.bool) ?? .null }
    var statuses = JSONObject()
    for entry in validationErrorStatus { statuses.appendUnchecked(entry.mediaType, .int(entry.status)) }
    return .object([
      "endpoint": .string(endpoint.absoluteString),
      "roundTripMilliseconds": roundTripMilliseconds.map(JSON.double) ?? .null,
      "graphQL": .bool(isGraphQL),
      "notGraphQL": notGraphQL.map(JSON.string) ?? .null,
      "post": list(postMediaTypes),
      "get": .bool(get),
      "validationErrorStatus": .object(statuses),
      "introspection": optional(introspection),
      "schemaTypes": schemaTypes.map(JSON.int) ?? .null,
      "webSocketSubprotocols": list(webSocketSubprotocols),
      "multipartSubscriptions": optional(multipartSubscriptions),
      "serverSentEvents": optional(serverSentEvents),
      "resumableSubscriptions": optional(resumableSubscriptions),
      "incrementalDelivery": list(incrementalDelivery),
      "automaticPersistedQueries": .bool(automaticPersistedQueries),
      "onError": .bool(onError),
      "compression": list(compression),
    ])
  }
}
