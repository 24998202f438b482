/// Operation Name Uniqueness
///
/// "Each named operation definition must be unique within a document when referred to by its
/// name."
///
/// https://spec.graphql.org/October2021/#sec-Operation-Name-Uniqueness
final class UniqueOperationNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }
  override func reset() {
    known = [:]
  }

  private var known: [String: Name] = [:]

  func enterOperation(_ node: OperationDefinition) {
    // A document of one operation has no other to clash with.
    guard let name = node.name, context.document.definitions.count > 1 else { return }
    noteUnique(name, in: &known, kind: "operation")
  }
}

extension ValidationRule {
  /// Operation names are unique in a document.
  public static let uniqueOperationNames = ValidationRule(UniqueOperationNamesRule.self)
}
