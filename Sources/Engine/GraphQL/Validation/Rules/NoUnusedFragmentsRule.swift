/// Fragments must be used
///
/// "Defined fragments must be used within a document."
///
/// https://spec.graphql.org/October2021/#sec-Fragments-Must-Be-Used
final class NoUnusedFragmentsRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks {
    [.enterOperation, .enterFragmentDefinition, .leaveDocument]
  }
  override class var isReusable: Bool { true }
  override func reset() {
    operations = []
    fragments = []
  }

  private var operations: [OperationDefinition] = []
  private var fragments: [FragmentDefinition] = []

  func enterOperation(_ node: OperationDefinition) { operations.append(node) }

  func enterFragmentDefinition(_ node: FragmentDefinition) { fragments.append(node) }

  func leaveDocument(_ node: Document) {
    var used: Set<String> = []
    for operation in operations {
      for fragment in context.recursivelyReferencedFragments(of: operation.selectionSet) {
        used.insert(fragment.name.value)
      }
    }
    for fragment in fragments where !used.contains(fragment.name.value) {
      context.report("Fragment \"\(fragment.name.value)\" is never used.", nodes: [fragment.range])
    }
  }
}

extension ValidationRule {
  /// Every fragment is used by some operation.
  public static let noUnusedFragments = ValidationRule(NoUnusedFragmentsRule.self)
}
