import GraphQLWire

/// Input coercion of external (JSON) values, spec 3.10 "Input Coercion" for each kind of type,
/// with graphql-js 17's `validateInputValue` messages: every problem is reported with the path
/// inside the value where it was found, and coercion goes on to find the others.
struct InputValueCoercer {
  /// One problem: where inside the value (`["input", "list", 2]`) and the reason.
  typealias Report = (_ path: [PathComponent], _ error: GraphQLError) -> Void

  let schema: GraphQLSchema

  /// Coerces `value` to `type`, calling `report` for each problem; the result is meaningless when
  /// a problem was reported.
  func coerce(
    _ value: JSON, to type: GraphQLTypeReference, path: inout [PathComponent], report: Report
  ) -> JSON {
    switch type {
    case .nonNull(let inner):
      if value.isNull {
        report(path, GraphQLError("Expected value of non-null type \"\(type)\" not to be null."))
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
          report(path, error)
        } catch {
          report(
            path,
            GraphQLError(
              "Expected value of type \"\(name)\", but encountered error \"\(error)\"; found: \(ValueInspector.inspect(value))."
            ))
        }
        return .null
      case .enumeration(let enumeration)?:
        return coerceEnum(value, enumeration, path: path, report: report)
      default:
        report(
          path, GraphQLError("Expected value of type \"\(name)\", found: \(ValueInspector.inspect(value))."))
        return .null
      }
    }
  }
  private func coerceEnum(
    _ value: JSON, _ enumeration: GraphQLEnumType, path: [PathComponent], report: Report
  ) -> JSON {
    guard case .string(let name) = value else {
      report(
        path,
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
        path,
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
      report(
        path,
        GraphQLError(
          "Expected value of type \"\(type.name)\" to be an object, found: \(ValueInspector.inspect(value)).")
      )
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
            path,
            GraphQLError(
              "Expected value of type \"\(type.name)\" to include required field \"\(field.name)\", found: \(ValueInspector.inspect(value))."
            ))
        }
        continue
      }
      path.append(.key(field.name))
      coerced.appendUnchecked(field.name, coerce(fieldValue, to: field.type, path: &path, report: report))
      path.removeLast()
    }
    for (name, _) in fields where type.field(name) == nil {
      let suggestion = SuggestionList.didYouMean(
        SuggestionList.list(for: name, options: type.fields.map(\.name)))
      report(
        path,
        GraphQLError(
          "Expected value of type \"\(type.name)\" not to include unknown field \"\(name)\""
            + (suggestion.isEmpty ? ", found" : ".\(suggestion) Found")
            + ": \(ValueInspector.inspect(value))."))
    }
    if type.isOneOf { checkOneOf(fields, type, path: path, report: report) }
    return .object(coerced)
  }

  /// A OneOf Input Object's value gives exactly one field, and not null (graphql-js 17
  /// `validateInputValue`: the keys as given, both problems reported at the object).
  private func checkOneOf(
    _ fields: JSONObject, _ type: GraphQLInputObjectType, path: [PathComponent], report: Report
  ) {
    if fields.count != 1 {
      report(path, GraphQLError("Exactly one key must be specified for OneOf type \"\(type.name)\"."))
    }
    guard let key = fields.keys.first, fields.values.first?.isNull == true else { return }
    report(path, GraphQLError("Field \"\(key)\" for OneOf type \"\(type.name)\" must be non-null."))
  }
}
