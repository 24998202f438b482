import GraphQLWire

/// Spec 6.1.2 CoerceVariableValues and 6.4.1 CoerceArgumentValues, with graphql-js messages.
enum Values {
  /// graphql-js stops collecting variable errors after this many.
  static let maxVariableErrors = 50

  /// Spec 6.1.2 CoerceVariableValues: the request's JSON variables checked and coerced against the
  /// operation's variable definitions (defaults applied, absent optional variables left absent),
  /// with graphql-js 17's messages (`Variable "$v" has invalid value at .a[0]: …`).
  /// - Returns: the coerced values, or every problem found (an empty list never).
  static func coerceVariableValues(
    schema: GraphQLSchema, source: Source?, definitions: [VariableDefinition], inputs: JSONObject
  ) -> Result<JSONObject, ExecutionPreparationFailure> {
    var coerced = JSONObject()
    var errors: [GraphQLError] = []
    let coercer = InputValueCoercer(schema: schema)
    for definition in definitions {
      // graphql-js aborts at the first error past the limit: the first ones and this one are kept.
      if errors.count > maxVariableErrors {
        errors.removeLast(errors.count - maxVariableErrors)
        errors.append(
          GraphQLError("Too many errors processing variables, error limit reached. Execution aborted."))
        return .failure(ExecutionPreparationFailure(stage: .variableCoercion, errors: errors))
      }
      let name = definition.variable.name.value
      let type = GraphQLTypeReference(definition.type)
      guard let namedType = schema.type(named: type.namedType), namedType.isInputType else {
        errors.append(
          GraphQLError(
            "Variable \"$\(name)\" expected value of type \"\(definition.type)\" which cannot be used as an input type.",
            source: source, ranges: [definition.type.range]))
        continue
      }
      guard let value = inputs[name] else {
        if let defaultValue = definition.defaultValue {
          // An invalid default (validation reports it) leaves the variable without a value, as
          // graphql-js 17 does: a non-null argument then asks for a runtime value.
          if let value = LiteralCoercer(schema: schema).coerce(defaultValue, to: type) {
            coerced[name] = value
          }
        } else if type.isNonNull {
          errors.append(
            GraphQLError(
              "Variable \"$\(name)\" has invalid value: Expected a value of non-null type \"\(type)\" to be provided.",
              source: source, ranges: [definition.range]))
        }
        continue
      }
      var path: [PathComponent] = []
      let result = coercer.coerce(value, to: type, path: &path) { errorPath, error in
        errors.append(
          GraphQLError(
            "Variable \"$\(name)\" has invalid value\(printPath(errorPath)): " + error.message,
            source: source,
            ranges: [definition.range], extensions: error.extensions))
      }
      coerced[name] = result
    }
    if errors.count > maxVariableErrors {
      errors.removeLast(errors.count - maxVariableErrors)
      errors.append(
        GraphQLError("Too many errors processing variables, error limit reached. Execution aborted."))
    }
    return errors.isEmpty
      ? .success(coerced) : .failure(ExecutionPreparationFailure(stage: .variableCoercion, errors: errors))
  }

  /// ` at .a.b[2]`, or nothing for the value itself (graphql-js 17's `printPathArray`).
  private static func printPath(_ path: [PathComponent]) -> String {
    guard !path.isEmpty else { return "" }
    return " at "
      + path.map {
        switch $0 {
        case .key(let key): ".\(key)"
        case .index(let index): "[\(index)]"
        }
      }.joined()
  }

  /// Spec 6.4.1 CoerceArgumentValues: a field's or directive's arguments from its literals and the
  /// request's coerced variables. Arguments are named by their schema coordinate in messages,
  /// `owner` being the field's (`Query.pet`) or directive's (`@skip`), as graphql-js 17 does.
  /// - Throws: `GraphQLError` located at the offending node for the first bad argument.
  static func coerceArgumentValues(
    schema: GraphQLSchema, source: Source?, owner: String, definitions: [GraphQLInputValue],
    arguments: [Argument], node: SourceRange?, variables: JSONObject
  ) throws(GraphQLError) -> JSONObject {
    var coerced = JSONObject()
    let literalCoercer = LiteralCoercer(schema: schema, variables: variables)
    for definition in definitions {
      let name = definition.name
      let type = definition.type
      let isRequired = type.isNonNull && definition.defaultValue == nil
      guard let argument = arguments.first(where: { $0.name.value == name }) else {
        if let defaultValue = definition.defaultValue {
          coerced.appendUnchecked(
            name, LiteralCoercer(schema: schema).coerce(defaultValue, to: type) ?? .null)
        } else if isRequired {
          throw GraphQLError(
            "Argument \"\(owner)(\(name):)\" of required type \"\(type)\" was not provided.", source: source,
            ranges: [node])
        }
        continue
      }
      // A variable without a value leaves an argument that may be left out to its default.
      if case .variable(let variable) = argument.value, variables[variable.name.value] == nil, !isRequired {
        if let defaultValue = definition.defaultValue {
          coerced.appendUnchecked(
            name, LiteralCoercer(schema: schema).coerce(defaultValue, to: type) ?? .null)
        }
        continue
      }
      if let value = literalCoercer.coerce(argument.value, to: type) {
        coerced.appendUnchecked(name, value)
        continue
      }
      var firstError: GraphQLError?
      var path: [PathComponent] = []
      InputLiteralValidator(schema: schema, variables: variables).validate(
        argument.value, as: type, path: &path
      ) { errorPath, error, range in
        guard firstError == nil else { return }
        let message =
          "Argument \"\(owner)(\(name):)\" has invalid value\(printPath(errorPath)): " + error.message
        firstError =
          error.locations.isEmpty
          ? GraphQLError(message, source: source, ranges: [range], extensions: error.extensions)
          : GraphQLError(message, locations: error.locations, extensions: error.extensions)
      }
      throw firstError
        ?? GraphQLError(
          "Argument \"\(owner)(\(name):)\" has invalid value: \(ValueText.print(argument.value)).",
          source: source,
          ranges: [argument.value.range])
    }
    return coerced
  }
}
