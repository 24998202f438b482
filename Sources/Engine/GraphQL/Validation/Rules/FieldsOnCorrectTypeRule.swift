import GraphQLWire

/// Field Selections
///
/// "The target field of a field selection must be defined on the scoped type of the selection
/// set."
///
/// https://spec.graphql.org/October2021/#sec-Field-Selections
final class FieldsOnCorrectTypeRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterField] }
  override class var isReusable: Bool { true }

  func enterField(_ node: Field) {
    guard !context.typeInfo.hasFieldDefinition, let parent = context.typeInfo.parentType else { return }
    let name = node.name.value
    // Types that have the field come first: selecting through an inline fragment is the likely fix.
    var suggestion = SuggestionList.didYouMean(
      suggestedTypeNames(parent, fieldName: name), subject: "to use an inline fragment on")
    if suggestion.isEmpty, let fields = parent.fields {
      let names = fields.ordered.map(\.name)
      suggestion = SuggestionList.didYouMean(SuggestionList.list(for: name, options: names))
    }
    context.report(
      "Cannot query field \"\(name)\" on type \"\(parent.name)\"." + suggestion, nodes: [node.range])
  }

  /// The possible types of an abstract type, and their interfaces, that have the field: most
  /// referenced first, interfaces before their implementations, then by name.
  private func suggestedTypeNames(_ type: GraphQLNamedType, fieldName: String) -> [String] {
    guard type.isAbstractType else { return [] }
    let schema = context.schema
    var suggested: [String] = []
    var usageCount: [String: Int] = [:]
    for possible in schema.possibleTypes(of: type.name) where possible.fields[fieldName] != nil {
      if usageCount[possible.name] == nil { suggested.append(possible.name) }
      usageCount[possible.name] = 1
      for interfaceName in possible.interfaces {
        guard case .interface(let interface)? = schema.typeMap[interfaceName],
          interface.fields[fieldName] != nil
        else { continue }
        if usageCount[interfaceName] == nil { suggested.append(interfaceName) }
        usageCount[interfaceName, default: 0] += 1
      }
    }
    return suggested.sorted { a, b in
      let countA = usageCount[a] ?? 0
      let countB = usageCount[b] ?? 0
      if countA != countB { return countA > countB }
      if isInterface(a) && schema.isTypeSubType(.named(b), of: .named(a)) { return true }
      if isInterface(b) && schema.isTypeSubType(.named(a), of: .named(b)) { return false }
      return SuggestionList.naturalOrder(a, b)
    }
  }

  private func isInterface(_ name: String) -> Bool {
    if case .interface? = context.schema.typeMap[name] { return true }
    return false
  }
}

extension ValidationRule {
  /// Selected fields exist on the type they are selected on.
  public static let fieldsOnCorrectType = ValidationRule(FieldsOnCorrectTypeRule.self)
}
