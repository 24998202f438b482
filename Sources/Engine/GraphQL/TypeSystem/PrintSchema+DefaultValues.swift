import GraphQLWire

/// Default values as graphql-js prints them in SDL and introspection: the literal is coerced to
/// the input type (`valueFromAST`, filling input object field defaults) and turned back into a
/// literal (`astFromValue`), so `Float = 1` prints `1`, `[Int] = 1` prints `[1]`, and `ID = "1"`
/// prints `1`.
enum SchemaDefaultValue {
  /// The printed default, or nil when the literal does not fit the type (graphql-js then omits it).
  static func print(_ literal: Value, type: GraphQLTypeReference, typeMap: [String: GraphQLNamedType])
    -> String?
  {
    guard let coerced = coerce(literal, type, typeMap), let ast = literalFrom(coerced, type, typeMap) else {
      return nil
    }
    return GraphQL.print(ast)
  }

  /// graphql-js `valueFromAST` without variables; nil means invalid.
  static func coerce(_ literal: Value, _ type: GraphQLTypeReference, _ typeMap: [String: GraphQLNamedType])
    -> JSON?
  {
    switch type {
    case .nonNull(let inner):
      if case .null = literal { return nil }
      return coerce(literal, inner, typeMap)
    case .list(let item):
      if case .null = literal { return .null }
      guard case .list(let items, _) = literal else {
        return coerce(literal, item, typeMap).map { .array([$0]) }
      }
      var values: [JSON] = []
      for element in items {
        guard let value = coerce(element, item, typeMap) else { return nil }
        values.append(value)
      }
      return .array(values)
    case .named(let name):
      if case .null = literal { return .null }
      if case .variable = literal { return nil }
      switch typeMap[name] {
      case .scalar(let scalar)?: return try? scalar.parseLiteral(literal)
      case .enumeration(let enumeration)?:
        guard case .enumValue(let value, _) = literal, enumeration.hasValue(value) else { return nil }
        return .string(value)
      case .inputObject(let input)?:
        guard case .object(let fields, _) = literal else { return nil }
        var object = JSONObject()
        for field in input.fields {
          guard let given = fields.first(where: { $0.name.value == field.name }) else {
            if let fieldDefault = field.defaultValue, let value = coerce(fieldDefault, field.type, typeMap) {
              object[field.name] = value
            } else if field.type.isNonNull {
              return nil
            }
            continue
          }
          guard let value = coerce(given.value, field.type, typeMap) else { return nil }
          object[field.name] = value
        }
        return .object(object)
      default: return nil
      }
    }
  }

  /// graphql-js `astFromValue`: an internal value back to a literal; nil for "no literal".
  static func literalFrom(_ value: JSON, _ type: GraphQLTypeReference, _ typeMap: [String: GraphQLNamedType])
    -> Value?
  {
    switch type {
    case .nonNull(let inner):
      let literal = literalFrom(value, inner, typeMap)
      if case .null? = literal { return nil }
      return literal
    case .list(let item):
      if case .null = value { return .null(range: nil) }
      guard case .array(let items) = value else { return literalFrom(value, item, typeMap) }
      return .list(items.compactMap { literalFrom($0, item, typeMap) }, range: nil)
    case .named(let name):
      if case .null = value { return .null(range: nil) }
      switch typeMap[name] {
      case .inputObject(let input)?:
        guard case .object(let object) = value else { return nil }
        let fields = input.fields.compactMap { field -> ObjectField? in
          guard let member = object[field.name], let literal = literalFrom(member, field.type, typeMap) else {
            return nil
          }
          return ObjectField(name: Name(field.name), value: literal)
        }
        return .object(fields, range: nil)
      case .enumeration(let enumeration)?:
        guard case .string(let name) = value, enumeration.hasValue(name) else { return nil }
        return .enumValue(name, range: nil)
      case .scalar(let scalar)?:
        guard let serialized = try? scalar.serialize(value) else { return nil }
        return leafLiteral(serialized, isID: scalar.name == "ID")
      default: return nil
      }
    }
  }

  private static func leafLiteral(_ serialized: JSON, isID: Bool) -> Value? {
    switch serialized {
    case .null: return nil
    case .bool(let flag): return .boolean(flag, range: nil)
    case .int(let number): return .int(String(number), range: nil)
    case .double(let number):
      guard number.isFinite else { return nil }
      let text = ScalarInspect.numberText(number)
      return isIntegerText(text) ? .int(text, range: nil) : .float(text, range: nil)
    case .string(let text):
      return isID && isIntegerText(text) ? .int(text, range: nil) : .string(text, block: false, range: nil)
    case .array(let items): return .list(items.compactMap { leafLiteral($0, isID: false) }, range: nil)
    case .object(let object):
      let fields = object.compactMap { key, member in
        leafLiteral(member, isID: false).map { ObjectField(name: Name(key), value: $0) }
      }
      return .object(fields, range: nil)
    }
  }

  /// `/^-?(?:0|[1-9][0-9]*)$/`
  private static func isIntegerText(_ text: String) -> Bool {
    var digits = Substring(text)
    if digits.first == "-" { digits = digits.dropFirst() }
    guard let first = digits.first, first.isASCII, first.isNumber else { return false }
    if first == "0" { return digits.count == 1 }
    return digits.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
