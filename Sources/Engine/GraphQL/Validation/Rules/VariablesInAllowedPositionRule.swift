import GraphQLWire

/// All Variable Usages Are Allowed
///
/// "Variable usages must be compatible with the arguments they are passed to. ... For each
/// usage: IsVariableUsageAllowed(variableDefinition, variableUsage) must be true."
///
/// https://spec.graphql.org/October2021/#sec-All-Variable-Usages-are-Allowed; a variable filling
/// a OneOf Input Object's field must be non-null (spec September 2025, graphql-js 16.11).
final class VariablesInAllowedPositionRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.leaveOperation] }
  override class var isReusable: Bool { true }

  func leaveOperation(_ node: OperationDefinition) {
    let usages = context.recursiveVariableUsages(of: node)
    if usages.isEmpty { return }
    let definitions = VariableDefinitions(node.variableDefinitions)
    for usage in usages {
      let name = usage.node.name.value
      guard let definition = definitions[usage.node.name], let locationType = usage.type,
        let variableType = context.schema.typeReference(from: definition.type)
      else { continue }
      if !isAllowed(variableType, definition.defaultValue, in: locationType, usage.defaultValue) {
        context.report(
          "Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".",
          nodes: [definition.range, usage.node.range])
      }
      // graphql-js 16.11 and 17: the field a OneOf value gives cannot be null, so neither can its
      // variable. As there, only a nullable position's OneOf type counts (`isInputObjectType
      // (parentType)` is false for `X!`); execution refuses a null one in both cases.
      if !variableType.isNonNull, case .named(let parentName)? = usage.parentType,
        case .inputObject(let parent)? = context.schema.type(named: parentName), parent.isOneOf
      {
        context.report(
          "Variable \"$\(name)\" is of type \"\(variableType)\" but must be non-nullable to be used for OneOf Input Object \"\(parent.name)\".",
          nodes: [definition.range, usage.node.range])
      }
    }
  }

  /// A nullable variable may fill a non-null position only when it or the position has a
  /// non-null default.
  private func isAllowed(
    _ variableType: GraphQLTypeReference, _ variableDefault: Value?, in locationType: GraphQLTypeReference,
    _ locationDefault: Value?
  ) -> Bool {
    if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
      var hasNonNullVariableDefault = variableDefault != nil
      if case .null? = variableDefault { hasNonNullVariableDefault = false }
      guard hasNonNullVariableDefault || locationDefault != nil else { return false }
      return context.schema.isTypeSubType(variableType, of: nullableLocation)
    }
    return context.schema.isTypeSubType(variableType, of: locationType)
  }
}

/// An operation's variable definitions by name (the last of a name wins, as it would in a
/// dictionary filled in order): compared in place while few, hashed once many.
private struct VariableDefinitions {
  private let all: [VariableDefinition]
  private var byName: [String: VariableDefinition]?

  init(_ definitions: [VariableDefinition]) {
    all = definitions
    if definitions.count > 16 {
      var byName: [String: VariableDefinition] = [:]
      for definition in definitions { byName[definition.variable.name.value] = definition }
      self.byName = byName
    }
  }

  subscript(name: Name) -> VariableDefinition? {
    if let byName { return byName[name.value] }
    return all.last { $0.variable.name.text == name.text }
  }
}

extension ValidationRule {
  /// Variables are used only where their type fits.
  public static let variablesInAllowedPosition = ValidationRule(VariablesInAllowedPositionRule.self)
}
