/// Argument Names
///
/// "Every argument provided to a field or directive must be defined in the set of possible
/// arguments of that field or directive."
///
/// https://spec.graphql.org/October2021/#sec-Argument-Names
final class KnownArgumentNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDirective, .enterArgument] }
  override class var isReusable: Bool { true }

  func enterDirective(_ node: Directive, location: DirectiveLocation?) {
    let name = node.name.value
    guard let known = context.directives[name]?.argumentNames else { return }
    for argument in node.arguments where !known.contains(argument.name.value) {
      let suggestions = SuggestionList.list(for: argument.name.value, options: known)
      context.report(
        "Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"."
          + SuggestionList.didYouMean(suggestions), nodes: [argument.range])
    }
  }

  func enterArgument(_ node: Argument) {
    guard !context.typeInfo.isInDirective, context.typeInfo.argument == nil,
      let field = context.typeInfo.fieldDefinition, let parent = context.typeInfo.parentType
    else { return }
    let suggestions = SuggestionList.list(for: node.name.value, options: field.arguments.map(\.name))
    context.report(
      "Unknown argument \"\(node.name.value)\" on field \"\(parent.name).\(field.name)\"."
        + SuggestionList.didYouMean(suggestions), nodes: [node.range])
  }
}

extension ValidationRule {
  /// Arguments are declared by their field or directive.
  public static let knownArgumentNames = ValidationRule(KnownArgumentNamesRule.self)
}
