import GraphQLWire

/// Required Arguments
///
/// "Arguments can be required. An argument is required if the argument type is non-null and
/// does not have a default value. Otherwise, the argument is optional."
///
/// https://spec.graphql.org/October2021/#sec-Required-Arguments
final class ProvidedRequiredArgumentsRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.leaveField, .leaveDirective] }
  override class var isReusable: Bool { true }

  func leaveField(_ node: Field) {
    // Most fields require nothing: the schema index lists each field's required arguments once.
    guard let required = context.typeInfo.requiredArguments, !required.isEmpty,
      let field = context.typeInfo.fieldDefinition
    else { return }
    // graphql-js 17 names the argument by its schema coordinate; the meta fields, which belong
    // to no type, are `<meta>.__type` there.
    let owner = field.name.hasPrefix("__") ? "<meta>" : context.typeInfo.parentType?.name ?? "<meta>"
    for argument in required {
      guard !node.arguments.contains(where: { $0.name.value == argument.name }) else { continue }
      context.report(
        "Argument \"\(owner).\(field.name)(\(argument.name):)\" of type \"\(argument.type)\" is required, "
          + "but it was not provided.", nodes: [node.range])
    }
  }

  func leaveDirective(_ node: Directive) {
    let name = node.name.value
    guard let required = context.directives[name]?.requiredArguments else { return }
    for argument in required where !node.arguments.contains(where: { $0.name.value == argument.name }) {
      context.report(
        "Argument \"@\(name)(\(argument.name):)\" of type \"\(argument.type)\" is required, "
          + "but it was not provided.", nodes: [node.range])
    }
  }
}

extension ValidationRule {
  /// Required (non-null, no default) arguments are provided.
  public static let providedRequiredArguments = ValidationRule(ProvidedRequiredArgumentsRule.self)
}
