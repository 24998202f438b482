/// All Variable Usages Are Allowed
///
/// "Variable usages must be compatible with the arguments they are passed to. ... For each
/// usage: IsVariableUsageAllowed(variableDefinition, variableUsage) must be true."
///
/// https://spec.graphql.org/October2021/#sec-All-Variable-Usages-are-Allowed
final class VariablesInAllowedPositionRule: ValidationVisitor {
  private let context: ValidationContext
  private var definitions: [String: VariableDefinition] = [:]

  init(context: ValidationContext) { self.context = context }

  func enterOperation(_ node: OperationDefinition) { definitions = [:] }

  func enterVariableDefinition(_ node: VariableDefinition) {
    definitions[node.variable.name.value] = node
  }

  func leaveOperation(_ node: OperationDefinition) {
    for usage in context.recursiveVariableUsages(of: node) {
      let name = usage.node.name.value
      guard let definition = definitions[name], let locationType = usage.type,
        let variableType = context.schema.typeReference(from: definition.type),
        !isAllowed(variableType, definition.defaultValue, in: locationType, usage.defaultValue)
      else { continue }
      context.report(
        "Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".",
        nodes: [definition.range, usage.node.range])
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

extension ValidationRule {
  /// Variables are used only where their type fits.
  public static let variablesInAllowedPosition = ValidationRule(name: "VariablesInAllowedPositionRule") {
    VariablesInAllowedPositionRule(context: $0)
  }
}
