/// Variable Uniqueness
///
/// "If any operation defines more than one variable with the same name, it is ambiguous and
/// invalid."
///
/// https://spec.graphql.org/October2021/#sec-Variable-Uniqueness
final class UniqueVariableNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }

  func enterOperation(_ node: OperationDefinition) {
    reportRepeated(node.variableDefinitions.lazy.map(\.variable.name)) {
      "There can be only one variable named \"$\($0)\"."
    }
  }
}

extension ValidationRule {
  /// An operation's variable names are unique.
  public static let uniqueVariableNames = ValidationRule(UniqueVariableNamesRule.self)
}
