/// All Variables Used
///
/// "All variables defined by an operation must be used in that operation or a fragment
/// transitively included by that operation. Unused variables cause a validation error."
///
/// https://spec.graphql.org/October2021/#sec-All-Variables-Used
final class NoUnusedVariablesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }

  /// Reported on entering the operation, before the errors inside it, as graphql-js 17 does (16
  /// reported on leaving it).
  func enterOperation(_ node: OperationDefinition) {
    let used = VariableNameSet(context.recursiveVariables(of: node).lazy.map(\.name))
    for definition in node.variableDefinitions where !used.contains(definition.variable.name) {
      let operation = node.name.map { " in operation \"\($0.value)\"" } ?? ""
      context.report(
        "Variable \"$\(definition.variable.name.value)\" is never used\(operation).",
        nodes: [definition.range])
    }
  }
}

extension ValidationRule {
  /// Every variable an operation defines is used (also through fragments).
  public static let noUnusedVariables = ValidationRule(NoUnusedVariablesRule.self)
}
