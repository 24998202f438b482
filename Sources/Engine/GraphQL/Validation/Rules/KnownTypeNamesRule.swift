/// Fragment Spread Type Existence (and variable types)
///
/// "For each named spread namedSpread in the document, let fragment be the target of namedSpread:
/// the target type of fragment must be defined in the schema." Variable types must exist too.
///
/// https://spec.graphql.org/October2021/#sec-Fragment-Spread-Type-Existence
final class KnownTypeNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDocument, .enterNamedType] }
  override class var isReusable: Bool { true }
  override func reset() {
    definedInDocument = []
  }

  /// Type names defined by type-system definitions in the document itself.
  private var definedInDocument: Set<String> = []

  func enterDocument(_ node: Document) {
    for case .typeSystem(.type(let type)) in node.definitions {
      definedInDocument.insert(type.name.value)
    }
  }

  func enterNamedType(_ node: NamedType) {
    let name = node.name.value
    if context.schema.typeMap[name] != nil || definedInDocument.contains(name) { return }
    // In type-system definitions the standard types are always known (graphql-js does the same).
    let inTypeSystem = context.isInTypeSystemDefinition
    if inTypeSystem && Self.standardTypeNames.contains(name) { return }
    var options = context.schema.typeNames + definedInDocument.sorted()
    if inTypeSystem { options = Self.standardTypeNames.sorted() + options }
    let suggestions = SuggestionList.list(for: name, options: options)
    context.report(
      "Unknown type \"\(name)\"." + SuggestionList.didYouMean(suggestions), nodes: [node.range])
  }

  private static let standardTypeNames: Set<String> = [
    "String", "Int", "Float", "Boolean", "ID", "__Schema", "__Directive", "__DirectiveLocation",
    "__Type", "__Field", "__InputValue", "__EnumValue", "__TypeKind",
  ]
}

extension ValidationRule {
  /// Every type named in the document exists in the schema.
  public static let knownTypeNames = ValidationRule(KnownTypeNamesRule.self)
}
