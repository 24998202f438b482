/// Lone Anonymous Operation
///
/// "GraphQL allows a short-hand form for defining query operations when only that one operation
/// exists in the document."
///
/// https://spec.graphql.org/October2021/#sec-Lone-Anonymous-Operation
final class LoneAnonymousOperationRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDocument, .enterOperation] }
  override class var isReusable: Bool { true }
  override func reset() {
    operationCount = 0
  }

  private var operationCount = 0

  func enterDocument(_ node: Document) {
    operationCount = node.definitions.count { if case .operation = $0 { true } else { false } }
  }

  func enterOperation(_ node: OperationDefinition) {
    if node.name == nil && operationCount > 1 {
      context.report("This anonymous operation must be the only defined operation.", nodes: [node.range])
    }
  }
}

extension ValidationRule {
  /// An anonymous operation must be the document's only operation.
  public static let loneAnonymousOperation = ValidationRule(LoneAnonymousOperationRule.self)
}
