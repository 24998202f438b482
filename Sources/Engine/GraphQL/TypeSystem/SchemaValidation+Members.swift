import GraphQLWire

/// Rules for union members, enum values and input object fields (spec 3.8-3.10), OneOf ones included.
extension SchemaValidator {
  func validateUnionMembers(_ union: GraphQLUnionType, _ errors: inout SchemaErrors) {
    if union.types.isEmpty {
      errors.report(
        "Union type \(union.name) must define one or more member types.",
        allRanges(union.name, union.definition?.range))
    }
    var seen: Set<String> = []
    for member in union.types {
      let ranges = (union.definition?.types ?? []).filter { $0.name.value == member }.map(\.range)
      guard seen.insert(member).inserted else {
        errors.report("Union type \(union.name) can only include type \(member) once.", ranges)
        continue
      }
      if case .object? = type(member) { continue }
      errors.report(
        "Union type \(union.name) can only include Object types, it cannot include \(member).", ranges)
    }
  }

  func validateEnumValues(_ enumeration: GraphQLEnumType, _ errors: inout SchemaErrors) {
    if enumeration.values.isEmpty {
      errors.report(
        "Enum type \(enumeration.name) must define one or more values.",
        allRanges(enumeration.name, enumeration.definition?.range))
    }
    for value in enumeration.values {
      validateName(value.name, value.definition?.range, &errors)
    }
  }

  func validateInputFields(_ input: GraphQLInputObjectType, _ errors: inout SchemaErrors) {
    if input.fields.isEmpty {
      errors.report(
        "Input Object type \(input.name) must define one or more fields.",
        allRanges(input.name, input.definition?.range))
    }
    for field in input.fields {
      validateName(field.name, field.definition?.range, &errors)
      if !isInputType(field.type) {
        errors.report(
          "The type of \(input.name).\(field.name) must be Input Type but got: \(field.type).",
          [field.definition?.type.range])
      }
      if Self.isRequired(field) && field.deprecationReason != nil {
        errors.report(
          "Required input field \(input.name).\(field.name) cannot be deprecated.",
          [Self.deprecatedDirectiveRange(field.definition), field.definition?.type.range])
      }
      if input.isOneOf { validateOneOfField(input, field, &errors) }
    }
  }

  /// A OneOf Input Object's fields are nullable and have no default (spec September 2025 3.10,
  /// graphql-js 16.9 `validateOneOfInputObjectField`): a value gives exactly one of them.
  private func validateOneOfField(
    _ input: GraphQLInputObjectType, _ field: GraphQLInputValue, _ errors: inout SchemaErrors
  ) {
    if field.type.isNonNull {
      errors.report(
        "OneOf input field \(input.name).\(field.name) must be nullable.", [field.definition?.type.range])
    }
    if field.defaultValue != nil {
      errors.report(
        "OneOf input field \(input.name).\(field.name) cannot have a default value.",
        [field.definition?.range])
    }
  }
}

/// Finds input objects that contain themselves through non-null fields, which no finite value can
/// satisfy (spec 3.10 "Input Objects", circular references). A depth-first walk that visits each
/// type once and reports every cycle it closes.
struct InputObjectCycleDetector {
  private var visited: Set<String> = []
  private var path: [GraphQLInputValue] = []
  private var pathIndexByType: [String: Int] = [:]

  mutating func detect(
    from input: GraphQLInputObjectType, validator: SchemaValidator, errors: inout SchemaErrors
  ) {
    guard visited.insert(input.name).inserted else { return }
    pathIndexByType[input.name] = path.count
    for field in input.fields {
      guard case .nonNull(.named(let fieldTypeName)) = field.type,
        case .inputObject(let fieldType)? = validator.type(fieldTypeName)
      else { continue }
      path.append(field)
      if let cycleStart = pathIndexByType[fieldTypeName] {
        let cycle = path[cycleStart...]
        errors.report(
          "Cannot reference Input Object \"\(fieldTypeName)\" within itself through a series of non-null "
            + "fields: \"\(cycle.map(\.name).joined(separator: "."))\".",
          cycle.map { $0.definition?.range })
      } else {
        detect(from: fieldType, validator: validator, errors: &errors)
      }
      path.removeLast()
    }
    pathIndexByType[input.name] = nil
  }
}
