import GraphQLWire

/// Literal input coercion (graphql-js `valueFromAST`): a value written in the document, possibly
/// containing variables, to the `JSON` value of a given input type.
///
/// Returns nil when the literal is invalid for the type ("undefined" in graphql-js); validation has
/// normally ruled that out, so callers turn nil into one generic error.
struct LiteralCoercer {
  let schema: GraphQLSchema
  /// The coerced variable values; nil when the literal must be constant (default values).
  var variables: JSONObject?

  func coerce(_ literal: Value, to type: GraphQLTypeReference) -> JSON? {
    if case .variable(let variable) = literal {
      guard let value = variables?[variable.name.value] else { return nil }
      if value.isNull && type.isNonNull { return nil }
      return value
    }
    switch type {
    case .nonNull(let inner):
      if case .null = literal { return nil }
      return coerce(literal, to: inner)
    case .list(let itemType):
      if case .null = literal { return .null }
      guard case .list(let items, _) = literal else {
        return coerce(literal, to: itemType).map { .array([$0]) }
      }
      var coerced: [JSON] = []
      coerced.reserveCapacity(items.count)
      for item in items {
        if isMissingVariable(item) {
          if itemType.isNonNull { return nil }
          coerced.append(.null)
        } else {
          guard let value = coerce(item, to: itemType) else { return nil }
          coerced.append(value)
        }
      }
      return .array(coerced)
    case .named(let name):
      if case .null = literal { return .null }
      switch schema.type(named: name) {
      case .inputObject(let inputObject)?: return coerceInputObject(literal, inputObject)
      case .enumeration(let enumeration)?:
        guard case .enumValue(let valueName, _) = literal, enumeration.hasValue(valueName) else { return nil }
        return .string(valueName)
      case .scalar(let scalar)?:
        // Custom scalars see constant literals only; a literal with variables is substituted first.
        return try? scalar.parseLiteral(literal.isConstant ? literal : substituteVariables(literal))
      default: return nil
      }
    }
  }

  private func coerceInputObject(_ literal: Value, _ type: GraphQLInputObjectType) -> JSON? {
    guard case .object(let fields, _) = literal else { return nil }
    var coerced = JSONObject()
    coerced.reserveCapacity(type.fields.count)
    for field in type.fields {
      let node = fields.first { $0.name.value == field.name }
      guard let node, !isMissingVariable(node.value) else {
        if let defaultValue = field.defaultValue {
          guard let value = LiteralCoercer(schema: schema).coerce(defaultValue, to: field.type) else {
            return nil
          }
          coerced.appendUnchecked(field.name, value)
        } else if field.type.isNonNull {
          return nil
        }
        continue
      }
      guard let value = coerce(node.value, to: field.type) else { return nil }
      coerced.appendUnchecked(field.name, value)
    }
    // A OneOf value gives exactly one field, not null (graphql-js 16.9 `valueFromAST`).
    if type.isOneOf {
      guard coerced.count == 1, coerced.values.first?.isNull == false else { return nil }
    }
    return .object(coerced)
  }

  private func isMissingVariable(_ literal: Value) -> Bool {
    guard case .variable(let variable) = literal else { return false }
    return variables?[variable.name.value] == nil
  }

  /// The literal with each variable replaced by its value written back as a literal.
  func substituteVariables(_ literal: Value) -> Value {
    switch literal {
    case .variable(let variable):
      return Self.literal(from: variables?[variable.name.value] ?? .null, range: variable.range)
    case .list(let items, let range): return .list(items.map(substituteVariables), range: range)
    case .object(let fields, let range):
      return .object(
        fields.map { ObjectField(name: $0.name, value: substituteVariables($0.value), range: $0.range) },
        range: range)
    default: return literal
    }
  }

  /// A JSON value as the equivalent constant literal.
  static func literal(from value: JSON, range: SourceRange? = nil) -> Value {
    switch value {
    case .null: .null(range: range)
    case .bool(let bool): .boolean(bool, range: range)
    case .int(let int): .int(String(int), range: range)
    case .double(let double): .float(JSON.double(double).encodedString, range: range)
    case .string(let string): .string(string, block: false, range: range)
    case .array(let items): .list(items.map { literal(from: $0, range: range) }, range: range)
    case .object(let object):
      .object(
        object.map { ObjectField(name: Name($0.0), value: literal(from: $0.1, range: range)) }, range: range)
    }
  }
}
