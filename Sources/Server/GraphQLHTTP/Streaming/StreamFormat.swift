import HTTPServer

/// The HTTP streaming formats for subscriptions, chosen by the `Accept` header.
enum StreamFormat: Sendable, Equatable {
  /// Apollo's HTTP multipart subscriptions (`multipart/mixed;subscriptionSpec=1.0`), the
  /// boundary parameter spelled as the client's `Accept` spelled it: Apollo's clients and Router
  /// write `boundary="graphql"`, others (Python's gql) look for the unquoted `boundary=graphql`
  /// they send themselves, and both forms mean the same by RFC 2045.
  case multipart(quotedBoundary: Bool)
  /// graphql-sse's distinct connections mode (`text/event-stream`).
  case serverSentEvents

  /// The streaming format an `Accept` header asks for, if any (multipart first when both are).
  static func negotiate(accept: String?) -> StreamFormat? {
    guard let accept else { return nil }
    var sse = false
    for range in accept.split(separator: ",") {
      let parameters = range.split(separator: ";").map { $0.trimmingASCIISpaces.lowercased() }
      guard let type = parameters.first else { continue }
      if type == "multipart/mixed",
        parameters.dropFirst().contains(where: { $0.hasPrefix("subscriptionspec=") })
      {
        return .multipart(quotedBoundary: !parameters.dropFirst().contains("boundary=graphql"))
      }
      if type == "text/event-stream" { sse = true }
    }
    return sse ? .serverSentEvents : nil
  }

  /// What the server sends around the results: the type, what goes at once (SSE: a comment),
  /// the keep-alive sent when nothing else was for a while, the error that ends the stream of a
  /// client that did not read what was sent (multipart's fatal-error part, or an SSE `error`
  /// event), and the end.
  var framing: StreamFraming {
    let errors =
      #"[{"message":"The subscriber did not read its events; the subscription ended.","extensions":{"code":"SUBSCRIBER_TOO_SLOW"}}]"#
    switch self {
    case .multipart(let quotedBoundary):
      let part = "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n"
      return StreamFraming(
        contentType: quotedBoundary
          ? #"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#
          : "multipart/mixed;boundary=graphql;subscriptionSpec=1.0", opening: [],
        heartbeat: Array((part + "{}").utf8),
        stalledEnding: Array((part + "{\"payload\":null,\"errors\":\(errors)}").utf8),
        end: Array("\r\n--graphql--\r\n".utf8))
    case .serverSentEvents:
      return StreamFraming(
        contentType: "text/event-stream; charset=utf-8", opening: Array(":\n\n".utf8),
        heartbeat: Array(":\n\n".utf8),
        stalledEnding: Array("event: error\ndata: {\"errors\":\(errors)}\n\n".utf8),
        end: Array("event: complete\ndata:\n\n".utf8))
    }
  }

  /// One result (an encoded `ExecutionResult`); an SSE event carries `eventID` as its `id:`
  /// line, which a reconnecting `EventSource` sends back as `Last-Event-ID`.
  func result(_ body: [UInt8], eventID: String? = nil) -> [UInt8] {
    switch self {
    case .multipart:
      Array("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":".utf8) + body + [
        UInt8(ascii: "}")
      ]
    case .serverSentEvents:
      // An id holds no line break (it is the server's own digits), so one `id:` line carries it.
      (eventID.map { Array("id: \($0)\n".utf8) } ?? []) + Array("event: next\ndata: ".utf8) + body
        + Array("\n\n".utf8)
    }
  }
}
