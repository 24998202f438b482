/// Fragment spread target defined
///
/// "Named fragment spreads must refer to fragments defined within the document. It is a
/// validation error if the target of a spread is not defined."
///
/// https://spec.graphql.org/October2021/#sec-Fragment-spread-target-defined
final class KnownFragmentNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterFragmentSpread] }
  override class var isReusable: Bool { true }

  func enterFragmentSpread(_ node: FragmentSpread) {
    guard context.fragment(named: node.name.value) == nil else { return }
    context.report("Unknown fragment \"\(node.name.value)\".", nodes: [node.name.range])
  }
}

extension ValidationRule {
  /// Spread fragments are defined in the document.
  public static let knownFragmentNames = ValidationRule(KnownFragmentNamesRule.self)
}
