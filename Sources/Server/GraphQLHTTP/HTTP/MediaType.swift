import HTTPServer

/// The two media types a GraphQL-over-HTTP response may have.
enum ResponseMediaType: Sendable {
  /// `application/json`: the legacy type; request errors come with status 200.
  case json
  /// `application/graphql-response+json`: request errors come with status 400.
  case graphQLResponseJSON

  /// The `Content-Type` header value (always UTF-8).
  var contentType: StaticString {
    switch self {
    case .json: "application/json; charset=utf-8"
    case .graphQLResponseJSON: "application/graphql-response+json; charset=utf-8"
    }
  }
}

/// Content negotiation and request content-type checks (RFC 9110 sections 12.5.1 and 8.3).
enum MediaTypeNegotiation {
  /// The response type for an `Accept` header, or nil when it allows neither (406). None, `*/*`
  /// and `application/*` give `application/json` (until the spec's watershed); weights are
  /// honoured, a tie goes to the type listed first, and a charset other than UTF-8 excludes.
  static func negotiate(accept: String?) -> ResponseMediaType? {
    guard let accept, accept.utf8.contains(where: { $0 != UInt8(ascii: " ") }) else { return .json }
    let bytes = Array(accept.utf8)[...]
    var graphQLQuality = -1.0
    var graphQLPosition = Int.max
    var jsonQuality = -1.0
    var jsonSpecificity = -1
    var jsonPosition = Int.max
    for (position, range) in bytes.split(separator: UInt8(ascii: ",")).enumerated() {
      var parts = range.split(separator: UInt8(ascii: ";")).makeIterator()
      guard let mediaRange = parts.next().map(\.trimmingASCIISpaces) else { continue }
      var quality = 1.0
      var acceptable = true
      while let parameter = parts.next() {
        let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1).map(\.trimmingASCIISpaces)
        guard pair.count == 2 else { continue }
        if pair[0].equalsIgnoringASCIICase("q") {
          guard let value = Double(String(decoding: pair[1], as: UTF8.self)), value >= 0, value <= 1 else {
            acceptable = false
            break
          }
          quality = value
        } else if pair[0].equalsIgnoringASCIICase("charset") {
          acceptable = isUTF8(pair[1])
        }
      }
      guard acceptable else { continue }
      if mediaRange.equalsIgnoringASCIICase("application/graphql-response+json") {
        if graphQLQuality < 0 {
          graphQLQuality = quality
          graphQLPosition = position
        }
      } else {
        let specificity =
          mediaRange.equalsIgnoringASCIICase("application/json")
          ? 2
          : mediaRange.equalsIgnoringASCIICase("application/*")
            ? 1 : mediaRange.equalsIgnoringASCIICase("*/*") ? 0 : -1
        if specificity > jsonSpecificity {
          jsonSpecificity = specificity
          jsonQuality = quality
          jsonPosition = position
        }
      }
    }
    let graphQL = max(graphQLQuality, 0)
    let json = max(jsonQuality, 0)
    if graphQL == 0 && json == 0 { return nil }
    if graphQL != json { return graphQL > json ? .graphQLResponseJSON : .json }
    return graphQLPosition < jsonPosition ? .graphQLResponseJSON : .json
  }

  /// Whether a request `Content-Type` is JSON in UTF-8: `application/json`, with no charset or
  /// `charset=utf-8` (any case, optionally quoted). Other parameters are ignored.
  static func isJSONContentType(_ contentType: String) -> Bool {
    let bytes = Array(contentType.utf8)[...]
    var parts = bytes.split(separator: UInt8(ascii: ";")).makeIterator()
    guard let type = parts.next().map(\.trimmingASCIISpaces), type.equalsIgnoringASCIICase("application/json")
    else {
      return false
    }
    while let parameter = parts.next() {
      let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1).map(\.trimmingASCIISpaces)
      if pair.count == 2, pair[0].equalsIgnoringASCIICase("charset"), !isUTF8(pair[1]) { return false }
    }
    return true
  }

  private static func isUTF8(_ charset: ArraySlice<UInt8>) -> Bool {
    var value = charset
    if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
      value = value.dropFirst().dropLast()
    }
    return value.equalsIgnoringASCIICase("utf-8") || value.equalsIgnoringASCIICase("utf8")
  }
}
