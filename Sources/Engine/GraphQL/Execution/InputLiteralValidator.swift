import GraphQLWire

/// Why a value literal does not fit an input type, with graphql-js 17's `validateInputLiteral`
/// messages: validation's ValuesOfCorrectType (statically, variables unchecked) and argument
/// coercion at execution (with the request's variables) both report through it.
struct InputLiteralValidator {
  /// One problem: where inside the value (`["filter", "nested"]`), the reason, and the node it
  /// is reported at (the error's own locations, when it has any, win).
  typealias Report = (_ path: [PathComponent], _ error: GraphQLError, _ node: SourceRange?) -> Void

  let schema: GraphQLSchema
  /// The request's coerced variables; nil checks statically, taking any variable as fitting.
  var variables: JSONObject?

  func validate(
    _ literal: Value, as type: GraphQLTypeReference, path: inout [PathComponent], report: Report
  ) {
    if case .variable(let variable) = literal {
      guard let variables, type.isNonNull else { return }
      let name = variable.name.value
      if let value = variables[name] {
        guard value.isNull else { return }
        report(
          path,
          GraphQLError(
            "Expected variable \"$\(name)\" provided to non-null type \"\(type)\" not to be null."),
          literal.range)
      } else {
        report(
          path,
          GraphQLError(
            "Expected variable \"$\(name)\" provided to type \"\(type)\" to provide a runtime value."),
          literal.range)
      }
      return
    }
    switch type {
    case .nonNull(let inner):
      if case .null = literal {
        report(
          path, GraphQLError("Expected value of non-null type \"\(type)\" not to be null."), literal.range)
        return
      }
      validate(literal, as: inner, path: &path, report: report)
    case .list(let itemType):
      switch literal {
      case .null: return
      case .list(let items, _):
        for (index, item) in items.enumerated() {
          path.append(.index(index))
          validate(item, as: itemType, path: &path, report: report)
          path.removeLast()
        }
      default:
        // A single value where a list is expected is a list of one.
        validate(literal, as: itemType, path: &path, report: report)
      }
    case .named(let name):
      if case .null = literal { return }
      switch schema.type(named: name) {
      case .inputObject(let object)?: validateObject(literal, object, path: &path, report: report)
      case .enumeration(let enumeration)?: validateEnum(literal, enumeration, path: path, report: report)
      case .scalar(let scalar)?: validateScalar(literal, scalar, path: path, report: report)
      default: break
      }
    }
  }

  private func validateObject(
    _ literal: Value, _ type: GraphQLInputObjectType, path: inout [PathComponent], report: Report
  ) {
    guard case .object(let fields, _) = literal else {
      report(
        path,
        GraphQLError(
          "Expected value of type \"\(type.name)\" to be an object, found: \(ValueText.print(literal))."),
        literal.range)
      return
    }
    for field in type.fields {
      // A repeated field counts by its last value (UniqueInputFieldNames reports the repetition).
      guard let node = fields.last(where: { $0.name.value == field.name }) else {
        if field.type.isNonNull && field.defaultValue == nil {
          report(
            path,
            GraphQLError(
              "Expected value of type \"\(type.name)\" to include required field \"\(field.name)\", found: \(ValueText.print(literal))."
            ), literal.range)
        }
        continue
      }
      if case .variable(let variable) = node.value, let variables {
        let value = variables[variable.name.value]
        if type.isOneOf {
          let subject =
            "Expected variable \"$\(variable.name.value)\" provided to field \"\(field.name)\" for OneOf Input Object type \"\(type.name)\""
          if value == nil {
            report(path, GraphQLError(subject + " to provide a runtime value."), literal.range)
          } else if value?.isNull == true {
            report(path, GraphQLError(subject + " not to be null."), literal.range)
          }
        } else if value == nil && (!field.type.isNonNull || field.defaultValue != nil) {
          continue
        }
      }
      path.append(.key(field.name))
      validate(node.value, as: field.type, path: &path, report: report)
      path.removeLast()
    }
    for node in fields where type.field(node.name.value) == nil {
      let suggestion = SuggestionList.didYouMean(
        SuggestionList.list(for: node.name.value, options: type.fields.map(\.name)))
      report(
        path,
        GraphQLError(
          "Expected value of type \"\(type.name)\" not to include unknown field \"\(node.name.value)\""
            + (suggestion.isEmpty ? ", found" : ".\(suggestion) Found") + ": \(ValueText.print(literal))."),
        node.range)
    }
    guard type.isOneOf else { return }
    guard fields.count == 1, let only = fields.first else {
      report(
        path, GraphQLError("OneOf Input Object \"\(type.name)\" must specify exactly one key."), literal.range
      )
      return
    }
    if case .null = only.value {
      path.append(.key(only.name.value))
      report(
        path,
        GraphQLError(
          "Field \"\(type.name).\(only.name.value)\" used for OneOf Input Object must be non-null."),
        literal.range)
      path.removeLast()
    }
  }

  /// graphql-js `GraphQLEnumType.coerceInputLiteral`'s messages.
  private func validateEnum(
    _ literal: Value, _ type: GraphQLEnumType, path: [PathComponent], report: Report
  ) {
    let text = ValueText.print(literal)
    let message: String
    if case .enumValue(let name, _) = literal {
      guard !type.hasValue(name) else { return }
      message = "Value \"\(text)\" does not exist in \"\(type.name)\" enum."
    } else {
      message = "Enum \"\(type.name)\" cannot represent non-enum value: \(text)."
    }
    let suggestions = SuggestionList.list(for: text, options: type.values.map(\.name))
    report(
      path, GraphQLError(message + SuggestionList.didYouMean(suggestions, subject: "the enum value")),
      literal.range)
  }

  private func validateScalar(
    _ literal: Value, _ type: GraphQLScalarType, path: [PathComponent], report: Report
  ) {
    do {
      // Custom scalars see constant literals only; a literal with variables is substituted first.
      let constant =
        literal.isConstant
        ? literal
        : LiteralCoercer(schema: schema, variables: variables)
          .substituteVariables(literal)
      _ = try type.parseLiteral(constant)
    } catch let error as GraphQLError {
      report(path, error, literal.range)
    } catch {
      report(
        path,
        GraphQLError(
          "Expected value of type \"\(type.name)\", but encountered error \"\(error)\"; found: \(ValueText.print(literal))."
        ), literal.range)
    }
  }
}
