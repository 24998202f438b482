/// Variables Are Input Types
///
/// "For every operation in a document, for every variable on each operation: Let variableType be
/// the type of variable. IsInputType(variableType) must be true."
///
/// https://spec.graphql.org/October2021/#sec-Variables-Are-Input-Types
final class VariablesAreInputTypesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterVariableDefinition] }
  override class var isReusable: Bool { true }

  func enterVariableDefinition(_ node: VariableDefinition) {
    guard let type = context.schema.typeMap[node.type.namedType.name.value], !type.isInputType else {
      return
    }
    context.report(
      "Variable \"$\(node.variable.name.value)\" cannot be non-input type \"\(node.type)\".",
      nodes: [node.type.range])
  }
}

extension ValidationRule {
  /// Variables have scalar, enum or input object types.
  public static let variablesAreInputTypes = ValidationRule(VariablesAreInputTypesRule.self)
}
