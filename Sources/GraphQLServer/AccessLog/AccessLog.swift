/// Where a `GraphQLHTTPServer` sends its access log: one entry per finished request.
///
/// Implementation requirements: `record` is called concurrently from the server's worker threads,
/// after the response was sent; it should be quick, as it delays that thread's next request.
public protocol AccessLog: Sendable {
  /// Records one finished request.
  /// - Parameter entry: what happened; it never holds headers, the query text or variables.
  func record(_ entry: AccessLogEntry)
}

/// One finished request, as the access log sees it. Deliberately without the `Authorization`
/// header, tokens, the query string, the query text and variables, which may hold secrets or
/// e-mail addresses.
public struct AccessLogEntry: Hashable, Sendable {
  /// When the request's headers arrived (wall clock).
  public var time: WallClockTime
  /// The HTTP method, such as `POST`.
  public var method: String
  /// The path, without the query string.
  public var path: String
  /// The response status, or nil when the connection closed before a response was queued.
  public var status: Int?
  /// The GraphQL operation the service selected, if any.
  public var operationName: String?
  /// From the headers' arrival to the end of the response, in milliseconds.
  public var durationMilliseconds: Double
  /// The client's address (`127.0.0.1`, `::1`), or nil when unknown.
  public var client: String?

  /// - Parameters: the fields, as documented on each property (`client` defaults to nil).
  public init(
    time: WallClockTime, method: String, path: String, status: Int?, operationName: String?,
    durationMilliseconds: Double, client: String? = nil
  ) {
    self.client = client
    self.time = time
    self.method = method
    self.path = path
    self.status = status
    self.operationName = operationName
    self.durationMilliseconds = durationMilliseconds
  }

  /// The entry as one log line, without a newline:
  /// `2026-11-30T01:23:45.678Z 127.0.0.1 POST /graphql 200 LaunchList 1.234ms` (`-` for no
  /// client, status or operation name). Client-chosen text is cleaned so it cannot forge or
  /// split lines.
  public var line: String {
    var line = time.iso8601
    line += " "
    line += client.map { Self.clean($0, limit: 64) } ?? "-"
    line += " "
    line += Self.clean(method, limit: 16)
    line += " "
    line += Self.clean(path, limit: 256)
    line += " "
    line += status.map(String.init) ?? "-"
    line += " "
    line += operationName.map { Self.clean($0, limit: 128) } ?? "-"
    line += " "
    line += Self.formatMilliseconds(durationMilliseconds)
    line += "ms"
    return line
  }

  /// `text` with spaces, control and non-ASCII characters replaced by `_`, cut at `limit` bytes
  /// (`-` when empty), so that each field stays one word on one line.
  static func clean(_ text: String, limit: Int) -> String {
    if text.isEmpty { return "-" }
    let utf8 = text.utf8
    if utf8.count <= limit, utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(utf8.count, limit))
    for byte in utf8.prefix(limit) { bytes.append(byte > 0x20 && byte < 0x7F ? byte : UInt8(ascii: "_")) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Milliseconds with three decimals (microsecond resolution), without Foundation.
  static func formatMilliseconds(_ milliseconds: Double) -> String {
    let micros = Int((max(0, milliseconds) * 1000).rounded())
    let fraction = micros % 1000
    let padding = fraction < 10 ? "00" : fraction < 100 ? "0" : ""
    return "\(micros / 1000).\(padding)\(fraction)"
  }
}
