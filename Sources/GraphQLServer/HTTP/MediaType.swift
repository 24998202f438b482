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
  /// The response type for an `Accept` header, or nil when it allows neither type (406).
  ///
  /// No header, an empty one, `*/*` and `application/*` give `application/json`, as GraphQL over
  /// HTTP requires until its watershed. Quality values are honoured (`q=0` excludes a type); on a
  /// tie the type the client listed first wins. A `charset` other than UTF-8 excludes a range.
  static func negotiate(accept: String?) -> ResponseMediaType? {
    guard let accept, accept.utf8.contains(where: { $0 != UInt8(ascii: " ") }) else { return .json }
    // Bytes, not Characters: header fields are octets, and splitting a String by Character pays
    // for grapheme breaking on every request.
    let bytes = Array(accept.utf8)[...]
    var graphQLQuality = -1.0
    var graphQLPosition = Int.max
    var jsonQuality = -1.0
    var jsonSpecificity = -1
    var jsonPosition = Int.max
    for (position, range) in bytes.split(separator: UInt8(ascii: ",")).enumerated() {
      var parts = range.split(separator: UInt8(ascii: ";")).makeIterator()
      guard let mediaRange = parts.next().map(trimmed) else { continue }
      var quality = 1.0
      var acceptable = true
      while let parameter = parts.next() {
        let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1).map(trimmed)
        guard pair.count == 2 else { continue }
        if equalsIgnoringCase(pair[0], "q") {
          guard let value = Double(String(decoding: pair[1], as: UTF8.self)), value >= 0, value <= 1 else {
            acceptable = false
            break
          }
          quality = value
        } else if equalsIgnoringCase(pair[0], "charset") {
          acceptable = isUTF8(pair[1])
        }
      }
      guard acceptable else { continue }
      if equalsIgnoringCase(mediaRange, "application/graphql-response+json") {
        if graphQLQuality < 0 {
          graphQLQuality = quality
          graphQLPosition = position
        }
      } else {
        let specificity =
          equalsIgnoringCase(mediaRange, "application/json")
          ? 2
          : equalsIgnoringCase(mediaRange, "application/*")
            ? 1 : equalsIgnoringCase(mediaRange, "*/*") ? 0 : -1
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
    guard let type = parts.next().map(trimmed), equalsIgnoringCase(type, "application/json") else {
      return false
    }
    while let parameter = parts.next() {
      let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1).map(trimmed)
      if pair.count == 2, equalsIgnoringCase(pair[0], "charset"), !isUTF8(pair[1]) { return false }
    }
    return true
  }

  private static func isUTF8(_ charset: ArraySlice<UInt8>) -> Bool {
    var value = charset
    if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
      value = value.dropFirst().dropLast()
    }
    return equalsIgnoringCase(value, "utf-8") || equalsIgnoringCase(value, "utf8")
  }

  /// `text` without the spaces and tabs around it.
  private static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return text[text.endIndex...] }
    return text[first...last]
  }

  /// ASCII case-insensitive comparison with a lowercase literal.
  private static func equalsIgnoringCase(_ text: ArraySlice<UInt8>, _ lowercase: StaticString) -> Bool {
    let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
    guard text.count == expected.count else { return false }
    for (byte, wanted) in zip(text, expected) {
      let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      if lower != wanted { return false }
    }
    return true
  }
}
