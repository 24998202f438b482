import GraphQL
import GraphQLWire
import HTTPServer

/// `multipart/mixed` answers carrying `@defer`/`@stream` payloads, framed as Apollo Server writes
/// them (`boundary="-"; incrementalSpec=v0.2` or `deferSpec=20220824`). The delimiter after a
/// part goes with it, so a reader that waits for it (RFC 2046) gets each part at once.
enum IncrementalStreamFormat {
  /// The incremental format an `Accept` header asks for, the first it lists, if any.
  static func negotiate(accept: String?) -> IncrementalFormat? {
    guard let accept else { return nil }
    for range in accept.split(separator: ",") {
      let parameters = range.split(separator: ";").map { $0.trimmingASCIISpaces.lowercased() }
      guard parameters.first == "multipart/mixed" else { continue }
      for parameter in parameters.dropFirst() {
        let value = parameter.filter { $0 != "\"" }
        if value == "incrementalspec=v0.2" { return .incrementalSpecV0_2 }
        if value == "deferspec=20220824" { return .deferSpec20220824 }
      }
    }
    return nil
  }

  /// Whether a document may defer or stream something (a persisted query by hash alone is
  /// answered the ordinary way).
  static func mayDefer(_ request: GraphQLRequest) -> Bool {
    request.query.contains("@defer") || request.query.contains("@stream")
  }

  /// The delimiter, which opens the body and follows every part.
  static let delimiter = Array("\r\n---".utf8)
  /// A part's header, after the delimiter before it.
  static let partHeader = Array("\r\ncontent-type: application/json; charset=utf-8\r\n\r\n".utf8)

  static func framing(_ format: IncrementalFormat) -> StreamFraming {
    let last: String =
      switch format {
      case .incrementalSpecV0_2: #"{"hasNext":false}"#
      case .deferSpec20220824: #"{"incremental":[],"hasNext":false}"#
      }
    return StreamFraming(
      contentType: format == .incrementalSpecV0_2
        ? #"multipart/mixed; boundary="-"; incrementalSpec=v0.2"#
        : #"multipart/mixed; boundary="-"; deferSpec=20220824"#,
      opening: delimiter, heartbeat: [], stalledEnding: partHeader + Array(last.utf8) + delimiter,
      end: Array("--\r\n".utf8))
  }

  /// One payload as a part, and the delimiter after it.
  static func part(_ payload: IncrementalPayload, first: Bool) -> [UInt8] {
    partHeader + body(payload, first: first) + delimiter
  }

  /// The payload's JSON, with `"hasNext":false` added to an ordinary response.
  static func body(_ payload: IncrementalPayload, first: Bool) -> [UInt8] {
    guard first, !payload.hasNext, payload.body.last == UInt8(ascii: "}") else { return payload.body }
    return payload.body.dropLast() + Array(",\"hasNext\":false}".utf8)
  }
}
