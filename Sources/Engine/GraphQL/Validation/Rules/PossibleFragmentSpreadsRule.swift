/// Fragment spread is possible
///
/// "A fragment spread is only valid if its type condition could ever apply within the parent
/// type": the possible types of the fragment's type and of the parent type must intersect.
///
/// https://spec.graphql.org/October2021/#sec-Fragment-spread-is-possible
final class PossibleFragmentSpreadsRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterInlineFragment, .enterFragmentSpread] }
  override class var isReusable: Bool { true }

  func enterInlineFragment(_ node: InlineFragment) {
    guard let fragmentType = compositeTypeName(context.typeInfo.type?.namedType),
      let parent = context.typeInfo.parentType,
      !context.schema.typesOverlap(fragmentType, parent.name)
    else { return }
    context.report(
      "Fragment cannot be spread here as objects of type \"\(parent.name)\" can never be of type "
        + "\"\(fragmentType)\".", nodes: [node.range])
  }

  func enterFragmentSpread(_ node: FragmentSpread) {
    let name = node.name.value
    guard let fragment = context.fragment(named: name),
      let fragmentType = compositeTypeName(fragment.typeCondition.name.value),
      let parent = context.typeInfo.parentType,
      !context.schema.typesOverlap(fragmentType, parent.name)
    else { return }
    context.report(
      "Fragment \"\(name)\" cannot be spread here as objects of type \"\(parent.name)\" can never be "
        + "of type \"\(fragmentType)\".", nodes: [node.range])
  }

  private func compositeTypeName(_ name: String?) -> String? {
    guard let name, context.schema.typeMap[name]?.isCompositeType == true else { return nil }
    return name
  }
}

extension ValidationRule {
  /// A fragment's type can apply where the fragment is spread.
  public static let possibleFragmentSpreads = ValidationRule(PossibleFragmentSpreadsRule.self)
}
