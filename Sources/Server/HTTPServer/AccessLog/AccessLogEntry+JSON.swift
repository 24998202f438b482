extension AccessLogEntry {
  /// The entry as one JSON object on one line, for log collectors (`{"time":...,"address":...,
  /// "method":...,"path":...,"status":200,"operationName":...,"durationMs":1.234,"bytesIn":312,
  /// "bytesOut":2565,"errors":0,"requestId":...}`, `null` for what is unknown); client-chosen text
  /// is escaped and cut as in `line`.
  public var jsonLine: String { String(decoding: jsonLineBytes(), as: UTF8.self) }

  /// `jsonLine` as UTF-8, followed by `terminator`.
  public func jsonLineBytes(terminator: UInt8? = nil) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    bytes.reserveCapacity(256)
    JSONText.appendKey("time", to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    time.appendISO8601(to: &bytes)
    bytes.append(UInt8(ascii: "\""))
    JSONText.appendKey("address", to: &bytes)
    Self.appendOptional(client, limit: 64, to: &bytes)
    JSONText.appendKey("method", to: &bytes)
    JSONText.appendString(method, limit: 16, to: &bytes)
    JSONText.appendKey("path", to: &bytes)
    JSONText.appendString(path, limit: 256, to: &bytes)
    JSONText.appendKey("status", to: &bytes)
    Self.appendOptional(status, to: &bytes)
    JSONText.appendKey("operationName", to: &bytes)
    Self.appendOptional(operationName, limit: 128, to: &bytes)
    JSONText.appendKey("durationMs", to: &bytes)
    appendDuration(to: &bytes)
    JSONText.appendKey("bytesIn", to: &bytes)
    bytes.appendDecimal(bytesIn)
    JSONText.appendKey("bytesOut", to: &bytes)
    bytes.appendDecimal(bytesOut)
    JSONText.appendKey("errors", to: &bytes)
    Self.appendOptional(errorCount, to: &bytes)
    JSONText.appendKey("requestId", to: &bytes)
    Self.appendOptional(requestID, limit: RequestID.maxLength, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    if let terminator { bytes.append(terminator) }
    return bytes
  }

  private static func appendOptional(_ text: String?, limit: Int, to bytes: inout [UInt8]) {
    if let text {
      JSONText.appendString(text, limit: limit, to: &bytes)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
  }

  private static func appendOptional(_ number: Int?, to bytes: inout [UInt8]) {
    if let number { bytes.appendDecimal(number) } else { bytes.append(contentsOf: "null".utf8) }
  }
}
