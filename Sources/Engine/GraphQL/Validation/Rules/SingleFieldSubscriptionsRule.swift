/// Single root field
///
/// "For each subscription operation definition subscription in the document ... groupedFieldSet
/// must have exactly one entry, which must not be an introspection field."
///
/// https://spec.graphql.org/October2021/#sec-Single-root-field
final class SingleFieldSubscriptionsRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }

  func enterOperation(_ node: OperationDefinition) {
    guard node.operation == .subscription, let root = context.schema.subscriptionType else { return }
    // The usual subscription selects one field with no directives: one group, nothing forbidden.
    if node.selectionSet.selections.count == 1, case .field(let field) = node.selectionSet.selections[0],
      field.directives.isEmpty
    {
      if field.name.value.hasPrefix("__") { reportIntrospection(node, [field]) }
      return
    }
    var groups: [(key: String, fields: [Field])] = []
    var indexByKey: [String: Int] = [:]
    var visitedFragments: Set<String> = []
    var forbidden: [Directive] = []
    collectFields(
      node.selectionSet, runtimeType: root.name, into: &groups, indexByKey: &indexByKey,
      visitedFragments: &visitedFragments, forbidden: &forbidden)
    let subject = self.subject(node)
    // graphql-js 17: the root field must not depend on variables, so @skip/@include are refused there.
    guard forbidden.isEmpty else {
      context.report(
        "\(subject) must not use `@skip` or `@include` directives in the top level selection.",
        nodes: forbidden.map(\.range))
      return
    }
    if groups.count > 1 {
      let extra = groups.dropFirst().flatMap { $0.fields.map(\.range) }
      context.report("\(subject) must select only one top level field.", nodes: extra)
    }
    for group in groups where group.fields[0].name.value.hasPrefix("__") {
      reportIntrospection(node, group.fields)
    }
  }

  private func reportIntrospection(_ node: OperationDefinition, _ fields: [Field]) {
    context.report(
      "\(subject(node)) must not select an introspection top level field.", nodes: fields.map(\.range))
  }

  private func subject(_ node: OperationDefinition) -> String {
    node.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
  }

  /// The spec's CollectFields with no variable values, as graphql-js 17 runs it here: a
  /// selection carrying `@skip` or `@include` is left out and its directive collected in
  /// `forbidden`.
  private func collectFields(
    _ selectionSet: SelectionSet, runtimeType: String, into groups: inout [(key: String, fields: [Field])],
    indexByKey: inout [String: Int], visitedFragments: inout Set<String>, forbidden: inout [Directive]
  ) {
    for selection in selectionSet.selections {
      if case .fragmentSpread(let spread) = selection, visitedFragments.contains(spread.name.value) {
        continue
      }
      if let directive = selection.directives.first(where: { $0.name.value == "skip" })
        ?? selection.directives.first(where: { $0.name.value == "include" })
      {
        forbidden.append(directive)
        continue
      }
      switch selection {
      case .field(let field):
        if let index = indexByKey[field.responseKey] {
          groups[index].fields.append(field)
        } else {
          indexByKey[field.responseKey] = groups.count
          groups.append((field.responseKey, [field]))
        }
      case .inlineFragment(let inline):
        if let condition = inline.typeCondition,
          !conditionMatches(condition.name.value, runtimeType: runtimeType)
        {
          continue
        }
        collectFields(
          inline.selectionSet, runtimeType: runtimeType, into: &groups, indexByKey: &indexByKey,
          visitedFragments: &visitedFragments, forbidden: &forbidden)
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard let fragment = context.fragment(named: name),
          conditionMatches(fragment.typeCondition.name.value, runtimeType: runtimeType)
        else { continue }
        visitedFragments.insert(name)
        collectFields(
          fragment.selectionSet, runtimeType: runtimeType, into: &groups, indexByKey: &indexByKey,
          visitedFragments: &visitedFragments, forbidden: &forbidden)
      }
    }
  }

  private func conditionMatches(_ typeName: String, runtimeType: String) -> Bool {
    guard let type = context.schema.typeMap[typeName] else { return false }
    if typeName == runtimeType { return true }
    return type.isAbstractType && context.schema.isPossibleType(runtimeType, of: typeName)
  }
}

extension ValidationRule {
  /// A subscription selects exactly one root field, and not an introspection field.
  public static let singleFieldSubscriptions = ValidationRule(SingleFieldSubscriptionsRule.self)
}
