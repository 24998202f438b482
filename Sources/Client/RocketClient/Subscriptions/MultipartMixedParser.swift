import GraphQLWire

/// Splits a `multipart/mixed` body, as it arrives, into its parts' bodies (RFC 2046 section
/// 5.1.1, as Apollo's subscription protocol uses it). A part ends only where the next delimiter
/// begins, which a subscription server sends with the *next* result, so a part whose body already
/// is one complete JSON value is handed over at once (JSON holds no raw line break, so
/// `\n--BOUNDARY` cannot occur inside it).
struct MultipartMixedParser {
  /// Why a body is not a multipart stream this parser can follow.
  enum Failure: Error, Equatable {
    /// A part grew past `maxPartSize` bytes.
    case partTooLarge(limit: Int)
  }

  private enum Phase {
    /// Before a delimiter line (the preamble, or between a part's end and the next delimiter).
    case delimiter
    /// Inside a part's header lines.
    case headers
    /// Inside a part's body; `delivered` once its JSON was handed over.
    case body(delivered: Bool)
    /// After the close delimiter `--BOUNDARY--`.
    case ended
  }

  private let delimiter: [UInt8]
  private let maxPartSize: Int
  private var buffer: [UInt8] = []
  private var phase = Phase.delimiter

  /// A parser for the `Content-Type`'s `boundary`, taking parts up to `maxPartSize` bytes.
  init(boundary: String, maxPartSize: Int = 1 << 20) {
    delimiter = Array("--\(boundary)".utf8)
    self.maxPartSize = maxPartSize
  }

  /// Whether the close delimiter has been read.
  var isEnded: Bool {
    if case .ended = phase { true } else { false }
  }

  /// The boundary named by a `Content-Type` such as
  /// `multipart/mixed;boundary="graphql";subscriptionSpec=1.0`, or nil when it is not multipart.
  static func boundary(ofContentType contentType: String) -> String? {
    let parameters = contentType.split(separator: ";").map { $0.trimmingSpaces() }
    guard parameters.first?.lowercased() == "multipart/mixed" else { return nil }
    for parameter in parameters.dropFirst() {
      guard let equals = parameter.firstIndex(of: "="),
        parameter[..<equals].trimmingSpaces().lowercased() == "boundary"
      else { continue }
      var value = parameter[parameter.index(after: equals)...].trimmingSpaces()
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
        value = value.dropFirst().dropLast()
      }
      return value.isEmpty ? nil : String(value)
    }
    // Apollo's router always names it; "-" is the protocol's documented default.
    return "-"
  }

  /// Takes the next chunk and returns the bodies of the parts it completed, in order.
  mutating func feed(_ chunk: [UInt8]) throws(Failure) -> [[UInt8]] {
    buffer += chunk
    var bodies: [[UInt8]] = []
    while true {
      switch phase {
      case .ended:
        buffer.removeAll()
        return bodies
      case .delimiter:
        guard let start = delimiterStart(from: 0) else {
          if !(buffer.count < delimiter.count && delimiter.starts(with: buffer)) { keepFromLastLineFeed() }
          return bodies
        }
        let afterDelimiter = start + delimiter.count
        guard let lineEnd = buffer[afterDelimiter...].firstIndex(of: UInt8(ascii: "\n")) else {
          if buffer.count >= afterDelimiter + 2, buffer[afterDelimiter] == UInt8(ascii: "-"),
            buffer[afterDelimiter + 1] == UInt8(ascii: "-")
          {
            phase = .ended
            continue
          }
          return bodies
        }
        let isClose =
          lineEnd >= afterDelimiter + 2 && buffer[afterDelimiter] == UInt8(ascii: "-")
          && buffer[afterDelimiter + 1] == UInt8(ascii: "-")
        buffer.removeFirst(lineEnd + 1)
        phase = isClose ? .ended : .headers
      case .headers:
        if buffer.starts(with: Array("\r\n".utf8)) || buffer.starts(with: [UInt8(ascii: "\n")]) {
          // No header fields at all: the blank line comes first.
          buffer.removeFirst(buffer[0] == UInt8(ascii: "\r") ? 2 : 1)
          phase = .body(delivered: false)
          continue
        }
        guard let end = headerEnd() else {
          if buffer.count > maxPartSize { throw .partTooLarge(limit: maxPartSize) }
          return bodies
        }
        buffer.removeFirst(end)
        phase = .body(delivered: false)
      case .body(let delivered):
        if let next = delimiterStart(from: 0) {
          var body = Array(buffer[..<next])
          while let last = body.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") {
            body.removeLast()
          }
          if !delivered && !body.isEmpty { bodies.append(body) }
          buffer.removeFirst(next)
          phase = .delimiter
          continue
        }
        if buffer.count > maxPartSize { throw .partTooLarge(limit: maxPartSize) }
        var handedOver = delivered
        if !handedOver, (try? JSON(parsing: buffer)) != nil {
          var body = buffer
          while let last = body.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") || last == 0x20
          {
            body.removeLast()
          }
          bodies.append(body)
          handedOver = true
          phase = .body(delivered: true)
        }
        // Once handed over, only the start of the next delimiter matters.
        if handedOver { keepFromLastLineFeed() }
        return bodies
      }
    }
  }

  /// Drops what can no longer hold the start of a delimiter line: everything before the last
  /// line feed (kept, since a delimiter counts only at the start of a line), or all of it.
  private mutating func keepFromLastLineFeed() {
    if let lineFeed = buffer.lastIndex(of: UInt8(ascii: "\n")) {
      buffer.removeFirst(lineFeed)
    } else {
      buffer.removeAll()
    }
  }

  /// Where a delimiter line begins at or after `offset`: at the very start of the buffer, or
  /// right after a line feed.
  private func delimiterStart(from offset: Int) -> Int? {
    var index = offset
    while index + delimiter.count <= buffer.count {
      if (index == 0 || buffer[index - 1] == UInt8(ascii: "\n"))
        && buffer[index..<(index + delimiter.count)].elementsEqual(delimiter)
      {
        return index
      }
      guard let nextLine = buffer[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      index = nextLine + 1
    }
    return nil
  }

  /// The offset just past the blank line ending the header fields.
  private func headerEnd() -> Int? {
    var index = 0
    while let lineFeed = buffer[index...].firstIndex(of: UInt8(ascii: "\n")) {
      let next = lineFeed + 1
      if next < buffer.count, buffer[next] == UInt8(ascii: "\n") { return next + 1 }
      if next + 1 < buffer.count, buffer[next] == UInt8(ascii: "\r"), buffer[next + 1] == UInt8(ascii: "\n") {
        return next + 2
      }
      index = next
    }
    return nil
  }
}
