/// Required Arguments
///
/// "Arguments can be required. An argument is required if the argument type is non-null and
/// does not have a default value. Otherwise, the argument is optional."
///
/// https://spec.graphql.org/October2021/#sec-Required-Arguments
import GraphQLWire

final class ProvidedRequiredArgumentsRule: ContextVisitor, ValidationVisitor {
  var callbacks: ValidationCallbacks { [.leaveField, .leaveDirective] }

  /// For each known directive, its required arguments' names and types, in declaration order.
  private lazy var requiredDirectiveArguments: [String: [(name: String, type: String)]] = {
    var requiredDirectiveArguments: [String: [(name: String, type: String)]] = [:]
    for directive in context.schema.directives {
      requiredDirectiveArguments[directive.name] = directive.arguments.filter(Self.isRequired).map {
        ($0.name, $0.type.description)
      }
    }
    for case .typeSystem(.directive(let definition)) in context.document.definitions {
      requiredDirectiveArguments[definition.name.value] = definition.arguments.compactMap {
        guard case .nonNull = $0.type, $0.defaultValue == nil else { return nil }
        return ($0.name.value, $0.type.description)
      }
    }
    return requiredDirectiveArguments
  }()

  static func isRequired(_ argument: GraphQLInputValue) -> Bool {
    argument.type.isNonNull && argument.defaultValue == nil
  }

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
    guard let required = requiredDirectiveArguments[name] else { return }
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
