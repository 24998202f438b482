/// Operation type existence
///
/// "For each operation definition operation in document: let rootOperationType be the root
/// operation type in schema corresponding to the kind of operation; rootOperationType must
/// exist." (GraphQL draft, Operation Type Existence.)
///
/// graphql-js 17 runs it among its specified rules (16 left the check to its executor, which
/// still reports `Schema is not configured to execute mutation operation.` for a document that
/// was not validated).
///
/// https://spec.graphql.org/draft/#sec-Operation-Type-Existence
final class KnownOperationTypesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }

  func enterOperation(_ node: OperationDefinition) {
    guard context.schema.rootType(for: node.operation) == nil else { return }
    context.report(
      "The \(node.operation.rawValue) operation is not supported by the schema.", nodes: [node.range])
  }
}

extension ValidationRule {
  /// The schema has a root type for each operation's type.
  public static let knownOperationTypes = ValidationRule(KnownOperationTypesRule.self)
}
