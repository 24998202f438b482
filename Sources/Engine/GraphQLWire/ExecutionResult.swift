/// The result of executing a request (spec 7.1 "Response Format").
///
/// `data` is nil when execution never started (a request error: parse, validation, operation or
/// variable problems), and `.null` when a field error propagated up to the root.
public struct ExecutionResult: Hashable, Sendable {
  /// The response data; nil means the response has no `data` entry at all.
  public var data: JSON?
  /// The errors, in the order they were raised (response order for field errors).
  public var errors: [GraphQLError]

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
    var writer = JSONByteWriter(capacity: 4096)
    writer.write(UInt8(ascii: "{"))
    if !errors.isEmpty {
      writer.write("\"errors\":")
      JSON.array(errors.map(\.json)).encode(into: &writer)
      if data != nil { writer.write(UInt8(ascii: ",")) }
    }
    if let data {
      writer.write("\"data\":")
      data.encode(into: &writer)
    }
    writer.write(UInt8(ascii: "}"))
    return writer.bytes
  }
}
