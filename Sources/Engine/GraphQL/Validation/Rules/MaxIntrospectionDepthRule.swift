/// Maximum introspection depth
///
/// Not a rule of the specification: graphql-js 16.9 added it as its one "recommended" rule, and
/// runs it with the specified ones, against introspection queries that nest the list fields of
/// `__Type` (`fields`, `interfaces`, `possibleTypes`, `inputFields`) deeply enough to make a
/// response huge. Three such lists on one path under `__schema` or `__type` are too many (the
/// standard introspection query has at most two).
///
/// https://github.com/graphql/graphql-js/pull/4119
final class MaxIntrospectionDepthRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterField, .leaveField] }
  override class var isReusable: Bool { true }
  override func reset() {
    fragmentDepths = [:]
    measuring = []
    skipDepth = 0
  }

  /// graphql-js's `MAX_LISTS_DEPTH`.
  static let maxListDepth = 3
  private static let schemaField = NameText("__schema")
  private static let typeField = NameText("__type")

  /// The deepest list nesting inside each fragment already measured. graphql-js walks a fragment
  /// again at each spread, which takes time exponential in the nesting of fragments that spread
  /// others twice; measuring each once gives the same answer in linear time.
  private var fragmentDepths: [String: Int] = [:]
  /// Fragments being measured, to stop at cycles (NoFragmentCycles reports those).
  private var measuring: Set<String> = []
  /// Nonzero inside a reported field: graphql-js does not look further into it.
  private var skipDepth = 0

  func enterField(_ node: Field) {
    if skipDepth > 0 {
      skipDepth += 1
      return
    }
    // Compared as the AST stores names (short ones are two integers), not as strings.
    guard node.name.text == Self.schemaField || node.name.text == Self.typeField else { return }
    if listDepth(of: node) >= Self.maxListDepth {
      context.report("Maximum introspection depth exceeded", nodes: [node.range])
      skipDepth = 1
    }
  }

  func leaveField(_ node: Field) {
    if skipDepth > 0 { skipDepth -= 1 }
  }

  /// The most introspection list fields on one path from `field` down, itself included.
  private func listDepth(of field: Field) -> Int {
    let own: Int
    switch field.name.value {
    case "fields", "interfaces", "possibleTypes", "inputFields": own = 1
    default: own = 0
    }
    return own + (field.selectionSet.map(listDepth(of:)) ?? 0)
  }

  private func listDepth(of selectionSet: SelectionSet) -> Int {
    var deepest = 0
    for selection in selectionSet.selections {
      let depth: Int
      switch selection {
      case .field(let field): depth = listDepth(of: field)
      case .inlineFragment(let inline): depth = listDepth(of: inline.selectionSet)
      case .fragmentSpread(let spread): depth = listDepth(ofFragment: spread.name.value)
      }
      deepest = max(deepest, depth)
      if deepest >= Self.maxListDepth { break }
    }
    return deepest
  }

  private func listDepth(ofFragment name: String) -> Int {
    if let known = fragmentDepths[name] { return known }
    guard let fragment = context.fragment(named: name), measuring.insert(name).inserted else { return 0 }
    let depth = listDepth(of: fragment.selectionSet)
    measuring.remove(name)
    fragmentDepths[name] = depth
    return depth
  }
}

extension ValidationRule {
  /// graphql-js 16.9's recommended rule: introspection lists nest at most two deep.
  public static let maxIntrospectionDepth = ValidationRule(MaxIntrospectionDepthRule.self)
}
