/// Fragment Name Uniqueness
///
/// "Fragment definitions are referenced in fragment spreads by name. To avoid ambiguity, each
/// fragment's name must be unique within a document."
///
/// https://spec.graphql.org/October2021/#sec-Fragment-Name-Uniqueness
final class UniqueFragmentNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterFragmentDefinition] }
  override class var isReusable: Bool { true }
  override func reset() {
    known = [:]
  }

  private var known: [String: Name] = [:]

  func enterFragmentDefinition(_ node: FragmentDefinition) {
    noteUnique(node.name, in: &known, kind: "fragment")
  }
}

extension ValidationRule {
  /// Fragment names are unique in a document.
  public static let uniqueFragmentNames = ValidationRule(UniqueFragmentNamesRule.self)
}
