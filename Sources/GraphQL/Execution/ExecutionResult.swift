/// The result of executing a request (spec 7.1 "Response Format").
///
/// `data` is nil when execution never started (a request error: parse, validation, operation or
/// variable problems), and `.null` when a field error propagated up to the root.
public struct ExecutionResult: Hashable, Sendable {
  /// The response data; nil means the response has no `data` entry at all.
  public var data: JSON?
  /// The errors, in the order they were raised (response order for field errors).
  public var errors: [GraphQLError]

  /// - Parameters:
  ///   - data: the data, nil for a request error (no `data` entry).
  ///   - errors: the errors (default none).
  public init(data: JSON?, errors: [GraphQLError] = []) {
    self.data = data
    self.errors = errors
  }

  /// The response as JSON: `errors` (only when there are some) before `data` (only when present),
  /// the key order graphql-js's `{ errors, data }` results serialize to, which Apollo Server sends too.
  public var json: JSON {
    var object = JSONObject()
    if !errors.isEmpty { object.appendUnchecked("errors", .array(errors.map(\.json))) }
    if let data { object.appendUnchecked("data", data) }
    return .object(object)
  }

  /// The response as compact UTF-8 JSON text, ready for the wire.
  public func encoded() -> [UInt8] {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(4096)
    buffer.append(UInt8(ascii: "{"))
    if !errors.isEmpty {
      JSONWriter.appendString("errors", to: &buffer)
      buffer.append(UInt8(ascii: ":"))
      JSON.array(errors.map(\.json)).encode(into: &buffer)
      if data != nil { buffer.append(UInt8(ascii: ",")) }
    }
    if let data {
      JSONWriter.appendString("data", to: &buffer)
      buffer.append(UInt8(ascii: ":"))
      data.encode(into: &buffer)
    }
    buffer.append(UInt8(ascii: "}"))
    return buffer
  }
}
