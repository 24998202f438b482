import GraphQLWire

/// Coercion for custom scalars, which have no rules of their own: values pass through.
extension BuiltInCoercion {
  /// A resolver's value as `JSON`, unchanged in meaning.
  /// - Throws: `GraphQLError` when the value has no JSON form (such as an arbitrary struct).
  static func passThrough(_ value: any Sendable, scalarName: String) throws -> JSON {
    if let json = jsonValue(value) { return json }
    throw GraphQLError("\(scalarName) cannot represent value: \(String(describing: value))")
  }

  /// The JSON form of plain Swift values: scalars, arrays and string-keyed dictionaries.
  static func jsonValue(_ value: any Sendable) -> JSON? {
    switch value {
    case let json as JSON: return json
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .int(number)
    case let number as Double: return .double(number)
    case let text as Substring: return .string(String(text))
    case let number as any BinaryInteger:
      return Int(exactly: number).map(JSON.int) ?? .double(Double(number))
    case let number as any BinaryFloatingPoint: return .double(Double(number))
    case let items as [any Sendable]:
      var array: [JSON] = []
      array.reserveCapacity(items.count)
      for item in items {
        guard let json = jsonValue(item) else { return nil }
        array.append(json)
      }
      return .array(array)
    case let dictionary as [String: any Sendable]:
      var object = JSONObject()
      // Dictionaries have no order; sorting keeps the output stable between runs.
      for key in dictionary.keys.sorted() {
        guard let member = dictionary[key], let json = jsonValue(member) else { return nil }
        object[key] = json
      }
      return .object(object)
    default: return nil
    }
  }

  /// A literal as JSON without a type to guide it (graphql-js `valueFromASTUntyped`); variables,
  /// which a literal-only coercion cannot see, become null.
  static func untypedValue(_ value: Value) -> JSON {
    switch value {
    case .variable: return .null
    case .int(let text, _):
      if let integer = Int(text) { return .int(integer) }
      return .double(Double(text) ?? 0)
    case .float(let text, _): return .double(Double(text) ?? 0)
    case .string(let text, _, _): return .string(text)
    case .boolean(let flag, _): return .bool(flag)
    case .null: return .null
    case .enumValue(let name, _): return .string(name)
    case .list(let items, _): return .array(items.map(untypedValue))
    case .object(let fields, _):
      var object = JSONObject()
      for field in fields { object[field.name.value] = untypedValue(field.value) }
      return .object(object)
    }
  }
}
