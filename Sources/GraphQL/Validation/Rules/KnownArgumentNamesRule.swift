/// Argument Names
///
/// "Every argument provided to a field or directive must be defined in the set of possible
/// arguments of that field or directive."
///
/// https://spec.graphql.org/October2021/#sec-Argument-Names
final class KnownArgumentNamesRule: ValidationVisitor {
  private let context: ValidationContext
  private var directiveArguments: [String: [String]] = [:]

  init(context: ValidationContext) {
    self.context = context
    for directive in context.schema.directives {
      directiveArguments[directive.name] = directive.arguments.map(\.name)
    }
    for case .typeSystem(.directive(let definition)) in context.document.definitions {
      directiveArguments[definition.name.value] = definition.arguments.map(\.name.value)
    }
  }

  func enterDirective(_ node: Directive, location: DirectiveLocation?) {
    let name = node.name.value
    guard let known = directiveArguments[name] else { return }
    for argument in node.arguments where !known.contains(argument.name.value) {
      let suggestions = Suggestions.list(for: argument.name.value, options: known)
      context.report(
        "Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"."
          + Suggestions.didYouMean(suggestions), nodes: [argument.range])
    }
  }

  func enterArgument(_ node: Argument) {
    let info = context.typeInfo
    guard !info.isInDirective, info.argument == nil, let field = info.fieldDefinition,
      let parent = info.parentType
    else { return }
    let suggestions = Suggestions.list(for: node.name.value, options: field.arguments.map(\.name))
    context.report(
      "Unknown argument \"\(node.name.value)\" on field \"\(parent.name).\(field.name)\"."
        + Suggestions.didYouMean(suggestions), nodes: [node.range])
  }
}

extension ValidationRule {
  /// Arguments are declared by their field or directive.
  public static let knownArgumentNames = ValidationRule(name: "KnownArgumentNamesRule") {
    KnownArgumentNamesRule(context: $0)
  }
}
