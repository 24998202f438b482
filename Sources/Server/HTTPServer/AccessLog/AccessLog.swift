/// Where an `HTTPServer` sends its access log. `record` is called concurrently from the server's
/// threads after each answer, and should be quick: it delays that thread's next request.
public protocol AccessLog: Sendable {
  /// Records one finished request.
  /// - Parameter entry: what happened; it never holds headers, the query text or variables.
  func record(_ entry: AccessLogEntry)
}

/// One finished request, as the access log sees it: deliberately without headers, the query
/// string, the query text and variables, which may hold secrets.
public struct AccessLogEntry: Hashable, Sendable {
  /// When the request's headers arrived (wall clock).
  public var time: WallClockTime
  /// The HTTP method, such as `POST`.
  public var method: String
  /// The path, without the query string.
  public var path: String
  /// The response status, or nil when the connection closed before a response was queued.
  public var status: Int?
  /// What the router named the request by (a GraphQL server: the operation it ran), if anything.
  public var operationName: String?
  /// From the headers' arrival to the end of the response, in milliseconds.
  public var durationMilliseconds: Double
  /// The client's address (`127.0.0.1`, `::1`), or nil when unknown.
  public var client: String?
  /// The request's `X-Request-ID` (the client's when usable, else the server's), if any.
  public var requestID: String?
  /// Request body bytes received (the head not counted).
  public var bytesIn = 0
  /// Response body bytes sent, as they went out (compressed when they were).
  public var bytesOut = 0
  /// How many errors the answer reported (a GraphQL response's `errors`), or nil when unknown.
  public var errorCount: Int?

  /// The fields, as each property says.
  public init(
    time: WallClockTime, method: String, path: String, status: Int?, operationName: String?,
    durationMilliseconds: Double, client: String? = nil, requestID: String? = nil, bytesIn: Int = 0,
    bytesOut: Int = 0, errorCount: Int? = nil
  ) {
    self.requestID = requestID
    self.bytesIn = bytesIn
    self.bytesOut = bytesOut
    self.errorCount = errorCount
    self.client = client
    self.time = time
    self.method = method
    self.path = path
    self.status = status
    self.operationName = operationName
    self.durationMilliseconds = durationMilliseconds
  }

  /// The entry as one log line, `2026-11-30T01:23:45.678Z 127.0.0.1 POST /graphql 200 LaunchList
  /// 1.234ms` (`-` for what is unknown); client-chosen text cannot forge or split lines.
  public var line: String { String(decoding: lineBytes(), as: UTF8.self) }

  /// `line` as UTF-8, followed by `terminator`.
  public func lineBytes(terminator: UInt8? = nil) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(96)
    time.appendISO8601(to: &bytes)
    bytes.append(UInt8(ascii: " "))
    Self.append(client, limit: 64, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    Self.append(method, limit: 16, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    Self.append(path, limit: 256, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    if let status { bytes.appendDecimal(status) } else { bytes.append(UInt8(ascii: "-")) }
    bytes.append(UInt8(ascii: " "))
    Self.append(operationName, limit: 128, to: &bytes)
    bytes.append(UInt8(ascii: " "))
    appendDuration(to: &bytes)
    bytes.append(contentsOf: "ms".utf8)
    if let terminator { bytes.append(terminator) }
    return bytes
  }

  /// The milliseconds with three decimals.
  func appendDuration(to bytes: inout [UInt8]) {
    let micros = Int((max(0, durationMilliseconds) * 1000).rounded())
    bytes.appendDecimal(micros / 1000)
    bytes.append(UInt8(ascii: "."))
    bytes.appendDecimal(micros % 1000, width: 3)
  }

  /// `text` with spaces, control and non-ASCII characters as `_`, cut at `limit` bytes (`-` when
  /// empty), so that each field stays one word.
  private static func append(_ text: String?, limit: Int, to bytes: inout [UInt8]) {
    guard let text, !text.isEmpty else { return bytes.append(UInt8(ascii: "-")) }
    for byte in text.utf8.prefix(limit) {
      bytes.append(byte > 0x20 && byte < 0x7F ? byte : UInt8(ascii: "_"))
    }
  }
}

extension [UInt8] {
  /// Appends `value` (negative counts as 0) in decimal, zero-padded to `width` digits.
  mutating func appendDecimal(_ value: Int, width: Int = 1) {
    let value = Swift.max(0, value)
    var divisor = 1
    var digits = 1
    while divisor <= value / 10 {
      divisor *= 10
      digits += 1
    }
    for _ in digits..<Swift.max(width, digits) { append(UInt8(ascii: "0")) }
    var rest = value
    while divisor > 0 {
      append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
