/// Executable Definitions
///
/// "For each definition definition in document: definition must be ExecutableDefinition (it must
/// not be TypeSystemDefinitionOrExtension)."
///
/// https://spec.graphql.org/October2021/#sec-Executable-Definitions
final class ExecutableDefinitionsRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDocument] }
  override class var isReusable: Bool { true }

  func enterDocument(_ node: Document) {
    for definition in node.definitions {
      let name: String
      switch definition {
      case .operation, .fragment: continue
      case .typeSystem(.schema), .typeSystemExtension(.schema): name = "schema"
      case .typeSystem(.type(let type)): name = "\"\(type.name.value)\""
      case .typeSystem(.directive(let directive)): name = "\"\(directive.name.value)\""
      case .typeSystemExtension(let typeExtension): name = "\"\(typeExtension.typeName?.value ?? "")\""
      }
      context.report("The \(name) definition is not executable.", nodes: [definition.range])
    }
  }
}

extension ValidationRule {
  /// Only operations and fragments may appear in an executable document.
  public static let executableDefinitions = ValidationRule(ExecutableDefinitionsRule.self)
}
