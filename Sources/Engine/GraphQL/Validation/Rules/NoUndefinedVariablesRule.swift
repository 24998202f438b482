/// All Variable Uses Defined
///
/// "Variables are scoped on a per-operation basis. That means that any variable used within the
/// context of an operation must be defined at the top level of that operation."
///
/// https://spec.graphql.org/October2021/#sec-All-Variable-Uses-Defined
final class NoUndefinedVariablesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }

  /// Reported on entering the operation, before the errors inside it, as graphql-js 17 does (16
  /// reported on leaving it).
  func enterOperation(_ node: OperationDefinition) {
    let defined = VariableNameSet(node.variableDefinitions.lazy.map(\.variable.name))
    for variable in context.recursiveVariables(of: node) where !defined.contains(variable.name) {
      let operation = node.name.map { " by operation \"\($0.value)\"" } ?? ""
      context.report(
        "Variable \"$\(variable.name.value)\" is not defined\(operation).",
        nodes: [variable.range, node.range])
    }
  }
}

extension ValidationRule {
  /// Every variable an operation uses (also through fragments) is defined by it.
  public static let noUndefinedVariables = ValidationRule(NoUndefinedVariablesRule.self)
}
