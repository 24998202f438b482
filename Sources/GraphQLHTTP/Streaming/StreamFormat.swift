import HTTPServer

/// The HTTP streaming formats for subscriptions, chosen by the `Accept` header.
enum StreamFormat: Sendable, Equatable {
  /// Apollo's HTTP multipart subscriptions (`multipart/mixed;subscriptionSpec=1.0`).
  case multipart
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
        return .multipart
      }
      if type == "text/event-stream" { sse = true }
    }
    return sse ? .serverSentEvents : nil
  }

  /// What the server sends around the results.
  var framing: StreamFraming {
    StreamFraming(
      contentType: contentType, opening: opening, heartbeat: heartbeat, stalledEnding: tooSlow, end: end)
  }

  /// The response's `Content-Type`.
  var contentType: StaticString {
    switch self {
    case .multipart: #"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#
    case .serverSentEvents: "text/event-stream; charset=utf-8"
    }
  }

  /// What is sent at once, before any result.
  var opening: [UInt8] {
    switch self {
    case .multipart: []
    case .serverSentEvents: Array(":\n\n".utf8)
    }
  }

  /// One result (an encoded `ExecutionResult`).
  func result(_ body: [UInt8]) -> [UInt8] {
    switch self {
    case .multipart:
      Array("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":".utf8) + body + [
        UInt8(ascii: "}")
      ]
    case .serverSentEvents: Array("event: next\ndata: ".utf8) + body + Array("\n\n".utf8)
    }
  }

  /// The keep-alive sent when nothing else was for a while.
  var heartbeat: [UInt8] {
    switch self {
    case .multipart: Array("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}".utf8)
    case .serverSentEvents: Array(":\n\n".utf8)
    }
  }

  /// The error that ends the stream of a client that did not read what was sent: multipart's
  /// fatal-error part, or an SSE `error` event (then the end follows).
  var tooSlow: [UInt8] {
    let errors =
      #"[{"message":"The subscriber did not read its events; the subscription ended.","extensions":{"code":"SUBSCRIBER_TOO_SLOW"}}]"#
    switch self {
    case .multipart:
      return Array(
        "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":null,\"errors\":\(errors)}".utf8)
    case .serverSentEvents: return Array("event: error\ndata: {\"errors\":\(errors)}\n\n".utf8)
    }
  }

  /// The end of the stream.
  var end: [UInt8] {
    switch self {
    case .multipart: Array("\r\n--graphql--\r\n".utf8)
    case .serverSentEvents: Array("event: complete\ndata:\n\n".utf8)
    }
  }
}
