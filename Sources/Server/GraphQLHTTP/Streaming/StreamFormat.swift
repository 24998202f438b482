import HTTPServer

/// The HTTP streaming formats for subscriptions, chosen by the `Accept` header.
enum StreamFormat: Sendable, Equatable {
  /// Apollo's HTTP multipart subscriptions (`multipart/mixed;subscriptionSpec=1.0`), the boundary
  /// quoted as the client's `Accept` has it (Python's gql looks for the unquoted form it sends).
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

  /// What the server sends around the results. A multipart part ends only where the next
  /// delimiter begins (RFC 2046), so each part is followed by it at once, as Apollo Router does.
  var framing: StreamFraming {
    let errors =
      #"[{"message":"The subscriber did not read its events; the subscription ended.","extensions":{"code":"SUBSCRIBER_TOO_SLOW"}}]"#
    switch self {
    case .multipart(let quotedBoundary):
      return StreamFraming(
        contentType: quotedBoundary
          ? #"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#
          : "multipart/mixed;boundary=graphql;subscriptionSpec=1.0", opening: Self.delimiter,
        heartbeat: Self.part("{}"),
        stalledEnding: Self.part("{\"payload\":null,\"errors\":\(errors)}"),
        end: Array("--\r\n".utf8))
    case .serverSentEvents:
      return StreamFraming(
        contentType: "text/event-stream; charset=utf-8", opening: Array(":\n\n".utf8),
        heartbeat: Array(":\n\n".utf8),
        stalledEnding: Array("event: error\ndata: {\"errors\":\(errors)}\n\n".utf8),
        end: Array("event: complete\ndata:\n\n".utf8))
    }
  }

  /// The multipart delimiter, which opens the body and follows every part.
  private static let delimiter = Array("\r\n--graphql".utf8)

  /// A multipart part holding `json` (its pieces), and the delimiter after it. The part says its
  /// length, or aiohttp's reader (Python's gql) would wait for the next event's bytes.
  private static func part(_ json: [UInt8]...) -> [UInt8] {
    let length = json.reduce(0) { $0 + $1.count }
    var bytes = Array("\r\ncontent-type: application/json\r\ncontent-length: \(length)\r\n\r\n".utf8)
    bytes.reserveCapacity(bytes.count + length + delimiter.count)
    for piece in json { bytes += piece }
    return bytes + delimiter
  }

  private static func part(_ json: String) -> [UInt8] { part(Array(json.utf8)) }

  /// One result (an encoded `ExecutionResult`); an SSE event carries `eventID` as its `id:`.
  func result(_ body: [UInt8], eventID: String? = nil) -> [UInt8] {
    switch self {
    case .multipart:
      Self.part(Array("{\"payload\":".utf8), body, [UInt8(ascii: "}")])
    case .serverSentEvents:
      // An id holds no line break (it is the server's own digits), so one `id:` line carries it.
      (eventID.map { Array("id: \($0)\n".utf8) } ?? []) + Array("event: next\ndata: ".utf8) + body
        + Array("\n\n".utf8)
    }
  }
}
