import GraphQLWire

/// Lets operations that use `@defer` or `@stream` work against servers that do not know them
/// (graphql-js 16 refuses the document with `Unknown directive "@defer".`): such a refusal sends
/// the request once more without the directives, and the endpoint is remembered so later
/// requests go without them at once. Place it before ``AutomaticPersistedQueryInterceptor``, so
/// the hash is that of the text sent.
public struct IncrementalDirectiveFallbackInterceptor: RequestInterceptor {
  private let unsupported = EndpointFindings<Bool>()

  /// Creates the interceptor; it knows no endpoint yet.
  public init() {}

  /// Whether requests to `endpointKey` go without `@defer` and `@stream`, because its server
  /// refused them.
  public func isDisabled(for endpointKey: String) -> Bool {
    unsupported[endpointKey] == true
  }

  /// Sends the request, again without `@defer`/`@stream` when the server refuses them.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    guard request.operationType != .subscription,
      let stripped = Self.removingIncrementalDirectives(from: request.operation.query)
    else { return try await chain.proceed(request) }
    var plain = request
    plain.operation.query = stripped
    if isDisabled(for: request.endpointKey) { return try await chain.proceed(plain) }
    let response = try await chain.proceed(request)
    guard Self.refusesIncrementalDirectives(response) else { return response }
    unsupported.update(request.endpointKey) { _ in true }
    return try await chain.proceed(plain)
  }

  /// Whether `response` is a refusal of the document for an unknown `@defer` or `@stream`
  /// (graphql-js writes the name in double quotes, graphql-core in single ones).
  static func refusesIncrementalDirectives(_ response: TransportResponse) -> Bool {
    guard response.json["data"] == nil || response.json["data"] == .null else { return false }
    let messages = (response.json["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
    return messages.contains { message in
      ["@defer", "@stream"].contains { name in
        message.hasPrefix("Unknown directive \"\(name)\"") || message.hasPrefix("Unknown directive '\(name)'")
      }
    }
  }

  /// `document` without its `@defer` and `@stream` directives (each with its arguments), or nil
  /// when it has none. Strings, block strings and comments are left as they are, so a
  /// description or default value that mentions `@defer` is not touched.
  static func removingIncrementalDirectives(from document: String) -> String? {
    guard mentionsIncrementalDirective(document) else { return nil }
    let bytes = Array(document.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var removed = false
    func isNameByte(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x5F
    }
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    let blockQuote = [quote, quote, quote], escapedBlockQuote = [backslash, quote, quote, quote]
    /// The index just past the string starting at `start` (a `"` or `"""`).
    func endOfString(_ start: Int) -> Int {
      if bytes[start...].starts(with: blockQuote) {
        var position = start + 3
        while position < bytes.count {
          if bytes[position...].starts(with: escapedBlockQuote) {
            position += 4
          } else if bytes[position...].starts(with: blockQuote) {
            return position + 3
          } else {
            position += 1
          }
        }
        return bytes.count
      }
      var position = start + 1
      while position < bytes.count, bytes[position] != quote, bytes[position] != UInt8(ascii: "\n") {
        position += bytes[position] == backslash ? 2 : 1
      }
      return min(position + 1, bytes.count)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        let end = endOfString(index)
        output += bytes[index..<end]
        index = end
      } else if byte == UInt8(ascii: "#") {
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        output += bytes[index..<end]
        index = end
      } else if byte == UInt8(ascii: "@"),
        let name = ["defer", "stream"].first(where: { name in
          bytes[(index + 1)...].starts(with: name.utf8)
            && !(index + 1 + name.utf8.count < bytes.count && isNameByte(bytes[index + 1 + name.utf8.count]))
        })
      {
        removed = true
        var position = index + 1 + name.utf8.count
        var lookahead = position
        while lookahead < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x2C].contains(bytes[lookahead]) {
          lookahead += 1
        }
        if lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "(") {
          position = lookahead + 1
          while position < bytes.count, bytes[position] != UInt8(ascii: ")") {
            position = bytes[position] == quote ? endOfString(position) : position + 1
          }
          position = min(position + 1, bytes.count)
        }
        output.append(UInt8(ascii: " "))
        index = position
      } else {
        output.append(byte)
        index += 1
      }
    }
    return removed ? String(decoding: output, as: UTF8.self) : nil
  }

  /// Whether `@defer` or `@stream` occurs anywhere in `document`: a search without copying, so
  /// most requests skip the full scan.
  static func mentionsIncrementalDirective(_ document: String) -> Bool {
    let utf8 = document.utf8
    var searchStart = utf8.startIndex
    while let at = utf8[searchStart...].firstIndex(of: UInt8(ascii: "@")) {
      searchStart = utf8.index(after: at)
      let rest = utf8[searchStart...]
      if rest.starts(with: "defer".utf8) || rest.starts(with: "stream".utf8) { return true }
    }
    return false
  }
}
