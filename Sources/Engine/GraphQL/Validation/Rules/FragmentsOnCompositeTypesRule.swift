/// Fragments On Composite Types
///
/// "For each fragment defined in the document, fragment.typeCondition ... Let type be the type
/// specified by that typeCondition. type must be a composite type (object, interface or union)."
///
/// https://spec.graphql.org/October2021/#sec-Fragments-On-Composite-Types
final class FragmentsOnCompositeTypesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterInlineFragment, .enterFragmentDefinition] }
  override class var isReusable: Bool { true }

  func enterInlineFragment(_ node: InlineFragment) {
    guard let condition = node.typeCondition, let type = context.schema.typeMap[condition.name.value],
      !type.isCompositeType
    else { return }
    context.report(
      "Fragment cannot condition on non composite type \"\(condition.name.value)\".",
      nodes: [condition.range])
  }

  func enterFragmentDefinition(_ node: FragmentDefinition) {
    let condition = node.typeCondition
    guard let type = context.schema.typeMap[condition.name.value], !type.isCompositeType else { return }
    context.report(
      "Fragment \"\(node.name.value)\" cannot condition on non composite type \"\(condition.name.value)\".",
      nodes: [condition.range])
  }
}

extension ValidationRule {
  /// Fragments apply to objects, interfaces or unions only.
  public static let fragmentsOnCompositeTypes = ValidationRule(FragmentsOnCompositeTypesRule.self)
}
