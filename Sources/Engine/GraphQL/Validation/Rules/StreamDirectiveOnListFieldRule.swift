/// Stream Directives Are Used On List Fields (graphql-js 17)
///
/// Only a list has items to stream.
final class StreamDirectiveOnListFieldRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDirective] }
  override class var isReusable: Bool { true }

  func enterDirective(_ node: Directive, location: DirectiveLocation?) {
    guard node.name.value == "stream", let field = context.typeInfo.fieldDefinition,
      let parentType = context.typeInfo.parentType
    else { return }
    switch field.type {
    case .list, .nonNull(.list): return
    default:
      context.report(
        "Stream directive cannot be used on non-list field \"\(field.name)\" on type \"\(parentType.name)\".",
        nodes: [node.range])
    }
  }
}

extension ValidationRule {
  /// `@stream` only on list fields.
  public static let streamDirectiveOnListField = ValidationRule(StreamDirectiveOnListFieldRule.self)
}
