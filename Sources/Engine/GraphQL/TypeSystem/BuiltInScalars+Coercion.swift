import GraphQLWire

/// The coercion functions behind the built-in scalars (spec 3.5.1-3.5.5, graphql-js 16 messages).
enum BuiltInCoercion {
  /// A resolver's value reduced to what JavaScript would see: the cases graphql-js tells apart.
  enum Primitive {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// Anything else, with its `inspect` text for messages.
    case other(String)

    var inspected: String {
      switch self {
      case .bool(let flag): flag ? "true" : "false"
      case .int(let number): String(number)
      case .double(let number): ScalarInspect.numberText(number)
      case .string(let text): ScalarInspect.quoted(text)
      case .other(let text): text
      }
    }
  }

  static let minInt = -2_147_483_648
  static let maxInt = 2_147_483_647

  /// Reduces a Swift or `JSON` value to a `Primitive`.
  static func primitive(_ value: any Sendable) -> Primitive {
    switch value {
    case let number as Int: return .int(number)
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Double: return .double(number)
    case let json as JSON:
      switch json {
      case .bool(let flag): return .bool(flag)
      case .int(let number): return .int(number)
      case .double(let number): return .double(number)
      case .string(let text): return .string(text)
      case .null, .array, .object: return .other(ScalarInspect.inspect(json))
      }
    case let text as Substring: return .string(String(text))
    case let number as any BinaryInteger:
      if let exact = Int(exactly: number) { return .int(exact) }
      return .double(Double(number))
    case let number as any BinaryFloatingPoint: return .double(Double(number))
    default: return .other(String(describing: value))
    }
  }

  /// JavaScript's `Number(text)` for the forms a resolver plausibly returns; nil stands for NaN.
  static func jsNumber(_ text: String) -> Double? {
    let trimmed = text.trimmingJSWhitespace()
    if trimmed.isEmpty { return 0 }
    switch trimmed {
    case "Infinity", "+Infinity": return .infinity
    case "-Infinity": return -.infinity
    default: break
    }
    let lower = trimmed.lowercased()
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lower.hasPrefix(prefix) {
      return Int(lower.dropFirst(2), radix: radix).map(Double.init)
    }
    guard trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { return nil }
    return Double(trimmed)
  }

  private static func error(_ message: String) -> GraphQLError { GraphQLError(message) }

  // MARK: - Int

  static func serializeInt(_ value: any Sendable) throws -> JSON {
    let coerced = primitive(value)
    let number: Double?
    switch coerced {
    case .bool(let flag): return .int(flag ? 1 : 0)
    case .int(let integer):
      guard integer >= minInt && integer <= maxInt else {
        throw error("Int cannot represent non 32-bit signed integer value: \(coerced.inspected)")
      }
      return .int(integer)
    case .double(let double): number = double
    case .string(let text) where !text.isEmpty: number = jsNumber(text)
    default: number = nil
    }
    guard let number, number.isFinite, number == number.rounded() else {
      throw error("Int cannot represent non-integer value: \(coerced.inspected)")
    }
    guard number >= Double(minInt) && number <= Double(maxInt) else {
      throw error("Int cannot represent non 32-bit signed integer value: \(coerced.inspected)")
    }
    return .int(Int(number))
  }

  static func parseIntValue(_ value: JSON) throws -> JSON {
    switch value {
    case .int(let integer):
      guard integer >= minInt && integer <= maxInt else {
        throw error("Int cannot represent non 32-bit signed integer value: \(integer)")
      }
      return .int(integer)
    case .double(let number) where number.isFinite && number == number.rounded():
      guard number >= Double(minInt) && number <= Double(maxInt) else {
        throw error(
          "Int cannot represent non 32-bit signed integer value: \(ScalarInspect.numberText(number))")
      }
      return .int(Int(number))
    default:
      throw error("Int cannot represent non-integer value: \(ScalarInspect.inspect(value))")
    }
  }

  static func parseIntLiteral(_ value: Value) throws -> JSON {
    guard case .int(let text, _) = value else {
      throw error("Int cannot represent non-integer value: \(ValueText.print(value))")
    }
    guard let integer = Int(text), integer >= minInt && integer <= maxInt else {
      throw error("Int cannot represent non 32-bit signed integer value: \(text)")
    }
    return .int(integer)
  }

  // MARK: - Float

  static func serializeFloat(_ value: any Sendable) throws -> JSON {
    let coerced = primitive(value)
    let number: Double?
    switch coerced {
    case .bool(let flag): return .double(flag ? 1 : 0)
    case .int(let integer): number = Double(integer)
    case .double(let double): number = double
    case .string(let text) where !text.isEmpty: number = jsNumber(text)
    default: number = nil
    }
    guard let number, number.isFinite else {
      throw error("Float cannot represent non numeric value: \(coerced.inspected)")
    }
    return .double(number)
  }

  static func parseFloatValue(_ value: JSON) throws -> JSON {
    switch value {
    case .int(let integer): return .double(Double(integer))
    case .double(let number) where number.isFinite: return .double(number)
    default: throw error("Float cannot represent non numeric value: \(ScalarInspect.inspect(value))")
    }
  }

  static func parseFloatLiteral(_ value: Value) throws -> JSON {
    switch value {
    case .int(let text, _), .float(let text, _):
      if let number = Double(text) { return .double(number) }
    default: break
    }
    throw error("Float cannot represent non numeric value: \(ValueText.print(value))")
  }

  // MARK: - String

  static func serializeString(_ value: any Sendable) throws -> JSON {
    switch primitive(value) {
    case .string(let text): return .string(text)
    case .bool(let flag): return .string(flag ? "true" : "false")
    case .int(let integer): return .string(String(integer))
    case .double(let number) where number.isFinite: return .string(ScalarInspect.numberText(number))
    case let other: throw error("String cannot represent value: \(other.inspected)")
    }
  }

  static func parseStringValue(_ value: JSON) throws -> JSON {
    guard case .string = value else {
      throw error("String cannot represent a non string value: \(ScalarInspect.inspect(value))")
    }
    return value
  }

  static func parseStringLiteral(_ value: Value) throws -> JSON {
    guard case .string(let text, _, _) = value else {
      throw error("String cannot represent a non string value: \(ValueText.print(value))")
    }
    return .string(text)
  }

  // MARK: - Boolean

  static func serializeBoolean(_ value: any Sendable) throws -> JSON {
    switch primitive(value) {
    case .bool(let flag): return .bool(flag)
    case .int(let integer): return .bool(integer != 0)
    case .double(let number) where number.isFinite: return .bool(number != 0)
    case let other: throw error("Boolean cannot represent a non boolean value: \(other.inspected)")
    }
  }

  static func parseBooleanValue(_ value: JSON) throws -> JSON {
    guard case .bool = value else {
      throw error("Boolean cannot represent a non boolean value: \(ScalarInspect.inspect(value))")
    }
    return value
  }

  static func parseBooleanLiteral(_ value: Value) throws -> JSON {
    guard case .boolean(let flag, _) = value else {
      throw error("Boolean cannot represent a non boolean value: \(ValueText.print(value))")
    }
    return .bool(flag)
  }

  // MARK: - ID

  static func serializeID(_ value: any Sendable) throws -> JSON {
    switch primitive(value) {
    case .string(let text): return .string(text)
    case .int(let integer): return .string(String(integer))
    case .double(let number) where number.isFinite && number == number.rounded():
      return .string(ScalarInspect.numberText(number))
    case let other: throw error("ID cannot represent value: \(other.inspected)")
    }
  }

  static func parseIDValue(_ value: JSON) throws -> JSON {
    switch value {
    case .string: return value
    case .int(let integer): return .string(String(integer))
    case .double(let number) where number.isFinite && number == number.rounded():
      return .string(ScalarInspect.numberText(number))
    default: throw error("ID cannot represent value: \(ScalarInspect.inspect(value))")
    }
  }

  static func parseIDLiteral(_ value: Value) throws -> JSON {
    switch value {
    case .string(let text, _, _), .int(let text, _): return .string(text)
    default:
      throw error(
        "ID cannot represent a non-string and non-integer value: \(ValueText.print(value))")
    }
  }
}

extension String {
  /// The string without leading and trailing JavaScript whitespace (as `String.prototype.trim`).
  fileprivate func trimmingJSWhitespace() -> Substring {
    let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[first...last]
  }
}
