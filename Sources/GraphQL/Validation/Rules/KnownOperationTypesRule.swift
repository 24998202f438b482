/// Operation type existence
///
/// "For each operation definition operation in document: let rootOperationType be the root
/// operation type in schema corresponding to the kind of operation; rootOperationType must
/// exist." (GraphQL draft, Operation Type Existence.)
///
/// graphql-js 16 does not validate this; its executor reports `Schema is not configured to
/// execute mutation operation.` at the operation. This rule reports that same message, so adding
/// it to the rules moves the error to validation without changing its text.
///
/// https://spec.graphql.org/draft/#sec-Operation-Type-Existence
final class KnownOperationTypesRule: ValidationVisitor {
  private let context: ValidationContext

  init(context: ValidationContext) { self.context = context }

  func enterOperation(_ node: OperationDefinition) {
    guard context.schema.rootType(for: node.operation) == nil else { return }
    context.report(
      "Schema is not configured to execute \(node.operation.rawValue) operation.", nodes: [node.range])
  }
}

extension ValidationRule {
  /// The schema has a root type for each operation's type (not in `specifiedRules`).
  public static let knownOperationTypes = ValidationRule(name: "KnownOperationTypesRule") {
    KnownOperationTypesRule(context: $0)
  }
}
