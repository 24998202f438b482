/// Structural identities for OverlappingFieldsCanBeMerged: two fields selected on the same parent
/// type with the same response key, name, arguments, directives and (recursively) the same
/// subselection compare the same way against any other field, so the rule compares such copies
/// once. Identities are interned numbers, computed bottom-up once per field node (cached by its
/// source offset), so that an attacker's thousand copies of one field cost one comparison, and
/// spacing or comments cannot tell copies apart.
extension OverlappingFieldsCanBeMergedRule {
  /// What makes two selections the same, as interned numbers and texts.
  struct IdentityKey: Hashable {
    var texts: [String]
    var children: [Int]
  }

  /// The interning table and the per-node caches.
  struct IdentityTable {
    var numbers: [IdentityKey: Int] = [:]
    var fields: [Int: Int] = [:]
    var selectionSets: [Int: [Int]] = [:]
    var fragments: [String: Int] = [:]
    /// Arguments printed as graphql-js compares them, by field offset.
    var argumentTexts: [Int: String] = [:]
    /// Identities whose selection spreads a fragment somewhere (then the merged comparison
    /// of `conflictingOwners` does not apply).
    var withSpreads: Set<Int> = []

    /// Interns `key`, recording whether its subtree spreads a fragment.
    mutating func intern(_ key: IdentityKey, spreads: Bool) -> Int {
      let number = intern(key)
      if spreads || key.children.contains(where: withSpreads.contains) { withSpreads.insert(number) }
      return number
    }

    mutating func intern(_ key: IdentityKey) -> Int {
      if let number = numbers[key] { return number }
      let number = numbers.count
      numbers[key] = number
      return number
    }
  }

  /// The identity of `field` selected on `parentType`.
  func identity(of field: Field, parentType: GraphQLNamedType?) -> Int {
    let offset = field.range?.start
    if let offset, let known = identities.fields[offset] { return known }
    var children: [Int] = []
    if let selectionSet = field.selectionSet {
      let type = parentType?.fields?[field.name.value].flatMap { context.schema.namedType(of: $0.type) }
      children = identities(of: selectionSet, parentType: type)
    }
    let key = IdentityKey(
      texts: [
        "field", parentType?.name ?? "", field.responseKey, field.name.value, argumentsText(field),
        directivesText(field.directives),
      ],
      children: children)
    let number = identities.intern(key, spreads: false)
    if let offset { identities.fields[offset] = number }
    return number
  }

  /// The identity of a fragment definition: its type condition and selection.
  func identity(ofFragment name: String) -> Int? {
    if let known = identities.fragments[name] { return known }
    guard let fragment = context.fragment(named: name) else { return nil }
    let type = context.schema.typeMap[fragment.typeCondition.name.value]
    let key = IdentityKey(
      texts: ["fragment", fragment.typeCondition.name.value],
      children: identities(of: fragment.selectionSet, parentType: type))
    let number = identities.intern(key)
    identities.fragments[name] = number
    return number
  }

  /// The identities of a selection set's selections, in order.
  private func identities(of selectionSet: SelectionSet, parentType: GraphQLNamedType?) -> [Int] {
    let offset = selectionSet.range?.start
    if let offset, let known = identities.selectionSets[offset] { return known }
    var children: [Int] = []
    children.reserveCapacity(selectionSet.selections.count)
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        children.append(identity(of: field, parentType: parentType))
      case .fragmentSpread(let spread):
        children.append(
          identities.intern(
            IdentityKey(
              texts: ["spread", spread.name.value, directivesText(spread.directives)], children: []),
            spreads: true))
      case .inlineFragment(let inline):
        let type = inline.typeCondition.map { context.schema.typeMap[$0.name.value] } ?? parentType
        let key = IdentityKey(
          texts: ["inline", inline.typeCondition?.name.value ?? "", directivesText(inline.directives)],
          children: identities(of: inline.selectionSet, parentType: type))
        children.append(identities.intern(key, spreads: false))
      }
    }
    if let offset { identities.selectionSets[offset] = children }
    return children
  }

  /// Arguments as graphql-js compares them: printed as one input object with sorted fields.
  func argumentsText(_ field: Field) -> String {
    if field.arguments.isEmpty { return "{}" }
    let offset = field.range?.start
    if let offset, let known = identities.argumentTexts[offset] { return known }
    let object = Value.object(
      field.arguments.map { ObjectField(name: $0.name, value: $0.value) }, range: nil)
    let text = ValueText.print(ValueText.sorted(object))
    if let offset { identities.argumentTexts[offset] = text }
    return text
  }

  /// A directive's arguments printed in name order, for comparing two uses.
  func directiveArgumentsText(_ directive: Directive) -> String {
    ValueText.print(
      ValueText.sorted(
        Value.object(directive.arguments.map { ObjectField(name: $0.name, value: $0.value) }, range: nil)))
  }

  private func directivesText(_ directives: [Directive]) -> String {
    if directives.isEmpty { return "" }
    return directives.map { directive in
      let arguments = Value.object(
        directive.arguments.map { ObjectField(name: $0.name, value: $0.value) }, range: nil)
      return "@" + directive.name.value + ValueText.print(arguments)
    }.joined(separator: " ")
  }
}
