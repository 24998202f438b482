/// Input coercion of external (JSON) values, spec 3.10 "Input Coercion" for each kind of type, as
/// graphql-js's `coerceInputValue` does it: every problem is reported with the path inside the value
/// where it was found, and coercion goes on to find the others.
struct InputValueCoercer {
  /// One problem: where inside the value (`["input", "list", 2]`), the offending value, the reason.
  typealias Report = (_ path: [PathComponent], _ invalidValue: JSON, _ error: GraphQLError) -> Void

  let schema: GraphQLSchema

  /// Coerces `value` to `type`, calling `report` for each problem; the result is meaningless when
  /// a problem was reported.
  func coerce(
    _ value: JSON, to type: GraphQLTypeReference, path: inout [PathComponent], report: Report
  ) -> JSON {
    switch type {
    case .nonNull(let inner):
      if value.isNull {
        report(path, value, GraphQLError("Expected non-nullable type \"\(type)\" not to be null."))
        return .null
      }
      return coerce(value, to: inner, path: &path, report: report)
    case .list(let itemType):
      if value.isNull { return .null }
      guard case .array(let items) = value else {
        // A single value where a list is expected is a list of one (spec 3.11 input coercion).
        return .array([coerce(value, to: itemType, path: &path, report: report)])
      }
      var coerced: [JSON] = []
      coerced.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        path.append(.index(index))
        coerced.append(coerce(item, to: itemType, path: &path, report: report))
        path.removeLast()
      }
      return .array(coerced)
    case .named(let name):
      if value.isNull { return .null }
      switch schema.type(named: name) {
      case .inputObject(let inputObject)?:
        return coerceInputObject(value, inputObject, path: &path, report: report)
      case .scalar(let scalar)?:
        do {
          return try scalar.parseValue(value)
        } catch let error as GraphQLError {
          report(path, value, error)
        } catch {
          report(path, value, GraphQLError("Expected type \"\(name)\". \(error)"))
        }
        return .null
      case .enumeration(let enumeration)?:
        return coerceEnum(value, enumeration, path: path, report: report)
      default:
        report(path, value, GraphQLError("Expected type \"\(name)\"."))
        return .null
      }
    }
  }

  private func coerceEnum(
    _ value: JSON, _ enumeration: GraphQLEnumType, path: [PathComponent], report: Report
  ) -> JSON {
    guard case .string(let name) = value else {
      report(
        path, value,
        GraphQLError(
          "Enum \"\(enumeration.name)\" cannot represent non-string value: \(ValueInspector.inspect(value))."
            + SuggestionList.didYouMean(
              SuggestionList.list(
                for: ValueInspector.inspect(value), options: enumeration.values.map(\.name)),
              subject: "the enum value")))
      return .null
    }
    guard enumeration.hasValue(name) else {
      report(
        path, value,
        GraphQLError(
          "Value \"\(name)\" does not exist in \"\(enumeration.name)\" enum."
            + SuggestionList.didYouMean(
              SuggestionList.list(for: name, options: enumeration.values.map(\.name)),
              subject: "the enum value")
        ))
      return .null
    }
    return value
  }

  private func coerceInputObject(
    _ value: JSON, _ type: GraphQLInputObjectType, path: inout [PathComponent], report: Report
  ) -> JSON {
    guard case .object(let fields) = value else {
      report(path, value, GraphQLError("Expected type \"\(type.name)\" to be an object."))
      return .null
    }
    var coerced = JSONObject()
    coerced.reserveCapacity(type.fields.count)
    for field in type.fields {
      guard let fieldValue = fields[field.name] else {
        if let defaultValue = field.defaultValue {
          coerced.appendUnchecked(
            field.name, LiteralCoercer(schema: schema).coerce(defaultValue, to: field.type) ?? .null)
        } else if field.type.isNonNull {
          report(
            path, value,
            GraphQLError("Field \"\(field.name)\" of required type \"\(field.type)\" was not provided."))
        }
        continue
      }
      path.append(.key(field.name))
      coerced.appendUnchecked(field.name, coerce(fieldValue, to: field.type, path: &path, report: report))
      path.removeLast()
    }
    for (name, _) in fields where type.field(name) == nil {
      report(
        path, value,
        GraphQLError(
          "Field \"\(name)\" is not defined by type \"\(type.name)\"."
            + SuggestionList.didYouMean(SuggestionList.list(for: name, options: type.fields.map(\.name)))))
    }
    if type.isOneOf { checkOneOf(coerced, type, value, path: &path, report: report) }
    return .object(coerced)
  }

  /// A OneOf Input Object's value gives exactly one field, and not null (graphql-js 16.9
  /// `coerceInputValue`; both problems are reported when both occur).
  private func checkOneOf(
    _ coerced: JSONObject, _ type: GraphQLInputObjectType, _ value: JSON, path: inout [PathComponent],
    report: Report
  ) {
    if coerced.count != 1 {
      report(path, value, GraphQLError("Exactly one key must be specified for OneOf type \"\(type.name)\"."))
    }
    guard let key = coerced.keys.first, let fieldValue = coerced.values.first, fieldValue.isNull else {
      return
    }
    path.append(.key(key))
    report(path, fieldValue, GraphQLError("Field \"\(key)\" must be non-null."))
    path.removeLast()
  }
}
