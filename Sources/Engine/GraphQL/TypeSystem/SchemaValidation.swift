import GraphQLWire

/// Validates a schema against the type system rules (spec 3, "Type Validation" subsections;
/// graphql-js `validateSchema`), returning every error found.
///
/// Errors carry locations only when `source` is the SDL the schema was built from.
/// - Parameters:
///   - source: the SDL text, to locate errors (default nil: no locations).
/// - Returns: the errors with graphql-js's messages, empty when the schema is valid.
public func validateSchema(_ schema: GraphQLSchema, source: Source? = nil) -> [GraphQLError] {
  var typeMap = schema.typeMap
  for scalar in GraphQLScalarType.specified where typeMap[scalar.name] == nil {
    typeMap[scalar.name] = .scalar(scalar)
  }
  let parts = SchemaParts(
    description: schema.description, typeMap: typeMap, typeNames: schema.typeNames,
    queryType: schema.queryType.name, mutationType: schema.mutationType?.name,
    subscriptionType: schema.subscriptionType?.name, directives: schema.directives)
  var errors = SchemaErrors(source: source)
  SchemaValidator(parts: parts, extensionRanges: [:]).validate(into: &errors)
  return errors.errors
}

/// The type system rules, run over the parts of a schema.
struct SchemaValidator {
  let parts: SchemaParts
  /// Each type's extension ranges, for errors that point at every node of a type.
  let extensionRanges: [String: [SourceRange?]]

  func validate(into errors: inout SchemaErrors) {
    validateRootTypes(&errors)
    validateDirectives(&errors)
    validateTypes(&errors)
  }

  func type(_ name: String) -> GraphQLNamedType? { parts.typeMap[name] }

  func isInputType(_ reference: GraphQLTypeReference) -> Bool {
    type(reference.namedType)?.isInputType ?? false
  }

  func isOutputType(_ reference: GraphQLTypeReference) -> Bool {
    type(reference.namedType)?.isOutputType ?? false
  }

  /// The range of a type's definition followed by its extensions' ranges.
  func allRanges(_ name: String, _ definition: SourceRange?) -> [SourceRange?] {
    [definition] + (extensionRanges[name] ?? [])
  }

  // MARK: - Root types

  private func validateRootTypes(_ errors: inout SchemaErrors) {
    guard let query = parts.queryType else {
      errors.report("Query root type must be provided.", [parts.schemaRange])
      return validateOptionalRoots(&errors)
    }
    if let type = type(query), case .object = type {
    } else {
      errors.report(
        "Query root type must be Object type, it cannot be \(query).", [rootRange(.query, query)])
    }
    validateOptionalRoots(&errors)
  }

  private func validateOptionalRoots(_ errors: inout SchemaErrors) {
    for operation in [OperationType.mutation, .subscription] {
      guard let name = parts.rootTypeName(operation) else { continue }
      if case .object? = type(name) { continue }
      let title = operation == .mutation ? "Mutation" : "Subscription"
      errors.report(
        "\(title) root type must be Object type if provided, it cannot be \(name).",
        [rootRange(operation, name)])
    }
  }

  private func rootRange(_ operation: OperationType, _ name: String) -> SourceRange? {
    parts.operationTypeRanges[operation] ?? Self.definitionRange(type(name))
  }

  // MARK: - Directives

  private func validateDirectives(_ errors: inout SchemaErrors) {
    for directive in parts.directives {
      validateName(directive.name, directive.definition?.range, &errors)
      // graphql-js 16.10 (spec September 2025 3.13): a directive needs somewhere to be used. SDL
      // cannot write one without locations; a schema built in code can.
      if directive.locations.isEmpty {
        errors.report(
          "Directive @\(directive.name) must include 1 or more locations.", [directive.definition?.range])
      }
      for argument in directive.arguments {
        validateArgument(argument, of: "@\(directive.name)", typeRange: argument.definition?.range, &errors)
      }
    }
  }

  /// The checks on an argument of `owner` (`@skip`, `Query.launch`): its name, an input type, and
  /// not both required and deprecated. `typeRange` is where a wrong type is reported.
  private func validateArgument(
    _ argument: GraphQLInputValue, of owner: String, typeRange: SourceRange?, _ errors: inout SchemaErrors
  ) {
    validateName(argument.name, argument.definition?.range, &errors)
    if !isInputType(argument.type) {
      errors.report(
        "The type of \(owner)(\(argument.name):) must be Input Type but got: \(argument.type).", [typeRange])
    }
    if Self.isRequired(argument) && argument.deprecationReason != nil {
      errors.report(
        "Required argument \(owner)(\(argument.name):) cannot be deprecated.",
        [Self.deprecatedDirectiveRange(argument.definition), argument.definition?.type.range])
    }
  }

  /// Names starting with `__` are reserved for introspection.
  func validateName(_ name: String, _ range: SourceRange?, _ errors: inout SchemaErrors) {
    if name.hasPrefix("__") {
      errors.report(
        "Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", [range])
    }
  }

  // MARK: - Types

  private func validateTypes(_ errors: inout SchemaErrors) {
    var cycles = InputObjectCycleDetector()
    for name in parts.typeNames {
      guard let namedType = type(name) else { continue }
      if !IntrospectionTypes.isIntrospectionType(name) {
        validateName(name, Self.definitionRange(namedType), &errors)
      }
      switch namedType {
      case .object(let object):
        validateFields(object.name, object.fields, object.definition?.range, &errors)
        validateInterfaces(of: namedType, &errors)
      case .interface(let interface):
        validateFields(interface.name, interface.fields, interface.definition?.range, &errors)
        validateInterfaces(of: namedType, &errors)
      case .union(let union): validateUnionMembers(union, &errors)
      case .enumeration(let enumeration): validateEnumValues(enumeration, &errors)
      case .inputObject(let input):
        validateInputFields(input, &errors)
        cycles.detect(from: input, validator: self, errors: &errors)
      case .scalar: break
      }
    }
  }

  private func validateFields(
    _ typeName: String, _ fields: GraphQLFieldMap, _ range: SourceRange?, _ errors: inout SchemaErrors
  ) {
    if fields.count == 0 {
      errors.report("Type \(typeName) must define one or more fields.", allRanges(typeName, range))
    }
    for field in fields.ordered {
      validateName(field.name, field.definition?.range, &errors)
      if !isOutputType(field.type) {
        errors.report(
          "The type of \(typeName).\(field.name) must be Output Type but got: \(field.type).",
          [field.definition?.type.range])
      }
      for argument in field.arguments {
        validateArgument(
          argument, of: "\(typeName).\(field.name)", typeRange: argument.definition?.type.range, &errors)
      }
    }
  }
}

extension SchemaValidator {
  /// Non-null without a default: a caller must provide it.
  static func isRequired(_ value: GraphQLInputValue) -> Bool {
    value.type.isNonNull && value.defaultValue == nil
  }

  /// The range of the `@deprecated` directive on an input value definition, if any.
  static func deprecatedDirectiveRange(_ definition: InputValueDefinition?) -> SourceRange? {
    definition?.directives.first { $0.name.value == "deprecated" }?.range
  }

  /// The range of a type's definition node, if it was built from SDL.
  static func definitionRange(_ type: GraphQLNamedType?) -> SourceRange? {
    switch type {
    case .scalar(let type)?: type.definition?.range
    case .object(let type)?: type.definition?.range
    case .interface(let type)?: type.definition?.range
    case .union(let type)?: type.definition?.range
    case .enumeration(let type)?: type.definition?.range
    case .inputObject(let type)?: type.definition?.range
    case nil: nil
    }
  }
}
