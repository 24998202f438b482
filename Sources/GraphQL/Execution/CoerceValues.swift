/// Spec 6.1.2 CoerceVariableValues and 6.4.1 CoerceArgumentValues, with graphql-js messages.
enum Values {
  /// graphql-js stops collecting variable errors after this many.
  static let maxVariableErrors = 50

  /// Spec 6.1.2 CoerceVariableValues: the request's JSON variables checked and coerced against the
  /// operation's variable definitions (defaults applied, absent optional variables left absent).
  /// - Returns: the coerced values, or every problem found (an empty list never).
  static func coerceVariableValues(
    schema: GraphQLSchema, source: Source?, definitions: [VariableDefinition], inputs: JSONObject
  ) -> Result<JSONObject, ExecutionPreparationFailure> {
    var coerced = JSONObject()
    var errors: [GraphQLError] = []
    let coercer = InputValueCoercer(schema: schema)
    for definition in definitions {
      if errors.count >= maxVariableErrors {
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
          coerced[name] = LiteralCoercer(schema: schema).coerce(defaultValue, to: type) ?? .null
        } else if type.isNonNull {
          errors.append(
            GraphQLError(
              "Variable \"$\(name)\" of required type \"\(type)\" was not provided.", source: source,
              ranges: [definition.range]))
        }
        continue
      }
      if value.isNull && type.isNonNull {
        errors.append(
          GraphQLError(
            "Variable \"$\(name)\" of non-null type \"\(type)\" must not be null.", source: source,
            ranges: [definition.range]))
        continue
      }
      var path: [PathComponent] = []
      let result = coercer.coerce(value, to: type, path: &path) { errorPath, invalidValue, error in
        var message = "Variable \"$\(name)\" got invalid value \(ValueInspector.inspect(invalidValue))"
        if !errorPath.isEmpty { message += " at \"\(name)\(printPath(errorPath))\"" }
        errors.append(
          GraphQLError(
            message + "; " + error.message, source: source, ranges: [definition.range],
            extensions: error.extensions))
      }
      coerced[name] = result
    }
    return errors.isEmpty
      ? .success(coerced) : .failure(ExecutionPreparationFailure(stage: .variableCoercion, errors: errors))
  }

  /// `.a.b[2]`, as graphql-js's `printPathArray`.
  private static func printPath(_ path: [PathComponent]) -> String {
    path.map {
      switch $0 {
      case .key(let key): ".\(key)"
      case .index(let index): "[\(index)]"
      }
    }.joined()
  }

  /// Spec 6.4.1 CoerceArgumentValues: a field's or directive's arguments from its literals and the
  /// request's coerced variables.
  /// - Throws: `GraphQLError` located at the offending node for the first bad argument.
  static func coerceArgumentValues(
    schema: GraphQLSchema, source: Source?, definitions: [GraphQLInputValue], arguments: [Argument],
    node: SourceRange?, variables: JSONObject
  ) throws(GraphQLError) -> JSONObject {
    var coerced = JSONObject()
    let literalCoercer = LiteralCoercer(schema: schema, variables: variables)
    for definition in definitions {
      let name = definition.name
      let type = definition.type
      guard let argument = arguments.first(where: { $0.name.value == name }) else {
        if let defaultValue = definition.defaultValue {
          coerced.appendUnchecked(
            name, LiteralCoercer(schema: schema).coerce(defaultValue, to: type) ?? .null)
        } else if type.isNonNull {
          throw GraphQLError(
            "Argument \"\(name)\" of required type \"\(type)\" was not provided.", source: source,
            ranges: [node])
        }
        continue
      }
      var isNull: Bool
      if case .null = argument.value { isNull = true } else { isNull = false }
      if case .variable(let variable) = argument.value {
        let variableName = variable.name.value
        guard let value = variables[variableName] else {
          if let defaultValue = definition.defaultValue {
            coerced.appendUnchecked(
              name, LiteralCoercer(schema: schema).coerce(defaultValue, to: type) ?? .null)
          } else if type.isNonNull {
            throw GraphQLError(
              "Argument \"\(name)\" of required type \"\(type)\" was provided the variable \"$\(variableName)\" which was not provided a runtime value.",
              source: source, ranges: [argument.value.range])
          }
          continue
        }
        isNull = value.isNull
      }
      if isNull && type.isNonNull {
        throw GraphQLError(
          "Argument \"\(name)\" of non-null type \"\(type)\" must not be null.", source: source,
          ranges: [argument.value.range])
      }
      guard let value = literalCoercer.coerce(argument.value, to: type) else {
        throw GraphQLError(
          "Argument \"\(name)\" has invalid value \(print(argument.value)).", source: source,
          ranges: [argument.value.range])
      }
      coerced.appendUnchecked(name, value)
    }
    return coerced
  }
}
