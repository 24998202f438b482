/// Why a byte sequence is not acceptable JSON text, and where.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, such as `Unexpected character "}"`.
  public let message: String
  /// The UTF-8 byte offset of the problem in the input (0-based).
  public let offset: Int

  public init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  /// `<message> at byte <offset>`.
  public var description: String { "\(message) at byte \(offset)" }
}

extension JSON {
  /// The default nesting limit of `init(parsing:maxDepth:)`.
  public static let defaultMaxDepth = 512

  /// Parses strict RFC 8259 JSON text.
  ///
  /// Objects keep their keys in input order; a repeated key keeps its first position and its last
  /// value (as `JSON.parse` does). A number without fraction or exponent that fits in `Int` becomes
  /// `.int`, any other number `.double`.
  /// - Parameters:
  ///   - bytes: the UTF-8 text (no byte order mark).
  ///   - maxDepth: how deeply arrays and objects may nest (default 512), a guard against stack
  ///     exhaustion by hostile input.
  /// - Throws: `JSONParseError` for invalid UTF-8, syntax errors, numbers out of `Double` range,
  ///   lone surrogate escapes, nesting deeper than `maxDepth`, or anything after the value.
  public init(parsing bytes: [UInt8], maxDepth: Int = JSON.defaultMaxDepth) throws(JSONParseError) {
    self = try bytes.withUnsafeBufferPointer { (input) throws(JSONParseError) -> JSON in
      var parser = JSONParser(input: input, maxDepth: maxDepth)
      return try parser.parseDocument()
    }
  }

  /// Parses strict JSON text from a string; see `init(parsing:maxDepth:)` for bytes.
  /// - Throws: `JSONParseError` as the byte variant does.
  public init(parsing text: String, maxDepth: Int = JSON.defaultMaxDepth) throws(JSONParseError) {
    try self.init(parsing: Array(text.utf8), maxDepth: maxDepth)
  }
}

/// A recursive-descent JSON parser over a byte buffer, valid only during `JSON.init(parsing:)`.
struct JSONParser {
  let input: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  var position = 0
  var depth = 0

  mutating func parseDocument() throws(JSONParseError) -> JSON {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if position < input.count {
      throw unexpected("after the JSON value")
    }
    return value
  }

  private mutating func skipWhitespace() {
    while position < input.count {
      switch input[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  func unexpected(_ context: String = "") -> JSONParseError {
    guard position < input.count else {
      return JSONParseError("Unexpected end of JSON input", offset: position)
    }
    let byte = input[position]
    let shown =
      byte >= 0x20 && byte < 0x7F
      ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    let suffix = context.isEmpty ? "" : " \(context)"
    return JSONParseError("Unexpected \(shown)\(suffix)", offset: position)
  }

  private mutating func parseValue() throws(JSONParseError) -> JSON {
    guard position < input.count else { throw unexpected() }
    switch input[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw unexpected()
    }
  }

  private mutating func parseLiteral(_ word: StaticString, _ value: JSON) throws(JSONParseError) -> JSON {
    let count = word.utf8CodeUnitCount
    for index in 0..<count {
      guard position < input.count, input[position] == word.utf8Start[index] else { throw unexpected() }
      position += 1
    }
    return value
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > maxDepth {
      throw JSONParseError("JSON nested deeper than \(maxDepth) levels", offset: position)
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSON {
    try enter()
    position += 1
    var elements: [JSON] = []
    skipWhitespace()
    if position < input.count && input[position] == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return .array(elements)
    }
    // Most arrays and objects are small: starting with room for a few saves regrowing.
    elements.reserveCapacity(4)
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard position < input.count else { throw unexpected() }
      if input[position] == UInt8(ascii: ",") {
        position += 1
      } else if input[position] == UInt8(ascii: "]") {
        position += 1
        depth -= 1
        return .array(elements)
      } else {
        throw unexpected("in array, expected \",\" or \"]\"")
      }
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSON {
    try enter()
    position += 1
    var builder = ObjectBuilder()
    skipWhitespace()
    if position < input.count && input[position] == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return .object(builder.built)
    }
    builder.reserveCapacity(4)
    while true {
      skipWhitespace()
      guard position < input.count, input[position] == UInt8(ascii: "\"") else {
        throw unexpected("in object, expected a string key")
      }
      let key = try parseString()
      skipWhitespace()
      guard position < input.count, input[position] == UInt8(ascii: ":") else {
        throw unexpected("in object, expected \":\"")
      }
      position += 1
      skipWhitespace()
      builder.set(key, try parseValue())
      skipWhitespace()
      guard position < input.count else { throw unexpected() }
      if input[position] == UInt8(ascii: ",") {
        position += 1
      } else if input[position] == UInt8(ascii: "}") {
        position += 1
        depth -= 1
        return .object(builder.built)
      } else {
        throw unexpected("in object, expected \",\" or \"}\"")
      }
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSON {
    let start = position
    var isInteger = true
    if input[position] == UInt8(ascii: "-") { position += 1 }
    guard position < input.count, isDigit(input[position]) else { throw unexpected("in number") }
    if input[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      while position < input.count && isDigit(input[position]) { position += 1 }
    }
    if position < input.count && input[position] == UInt8(ascii: ".") {
      isInteger = false
      position += 1
      guard position < input.count, isDigit(input[position]) else { throw unexpected("in number") }
      while position < input.count && isDigit(input[position]) { position += 1 }
    }
    if position < input.count && (input[position] | 0x20) == UInt8(ascii: "e") {
      isInteger = false
      position += 1
      if position < input.count
        && (input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      guard position < input.count, isDigit(input[position]) else { throw unexpected("in number") }
      while position < input.count && isDigit(input[position]) { position += 1 }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    guard let value = Double(text), value.isFinite else {
      throw JSONParseError("Number \(text) is out of range", offset: start)
    }
    return .double(value)
  }

  func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}

/// Builds a `JSONObject` with last-wins duplicate keys in linear time: small objects search their
/// keys, larger ones switch to a hash index so hostile inputs with many keys stay fast.
private struct ObjectBuilder {
  /// Positions by key, built once an object has more members than a linear search handles well.
  private var index: [String: Int]?
  private var object = JSONObject()

  mutating func set(_ key: String, _ value: JSON) {
    if let index {
      if let position = index[key] {
        object.replaceValue(at: position, with: value)
        return
      }
    } else if let position = object.keys.firstIndex(of: key) {
      object.replaceValue(at: position, with: value)
      return
    }
    object.appendUnchecked(key, value)
    index?[key] = object.count - 1
    if index == nil && object.count > 16 {
      index = Dictionary(uniqueKeysWithValues: object.keys.enumerated().map { ($1, $0) })
    }
  }

  var built: JSONObject { object }

  mutating func reserveCapacity(_ capacity: Int) { object.reserveCapacity(capacity) }
}
