/// Defer And Stream Directives Are Used On Valid Operations (graphql-js 17)
///
/// A subscription's events are single results: `@defer` and `@stream` in a subscription must be
/// switchable off (`if: false` or a variable), unless the selection can be skipped anyway.
final class DeferStreamDirectiveOnValidOperationsRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }
  override func reset() {
    checkedFragments = []
  }

  /// Fragments already checked for an earlier subscription (without an error found in them).
  private var checkedFragments: Set<String> = []

  func enterOperation(_ node: OperationDefinition) {
    guard node.operation == .subscription else { return }
    var visited: Set<String> = []
    var parents: [FragmentSpread] = []
    if forbidUnconditional(node.selectionSet, parents: &parents, visited: &visited) {
      checkedFragments.formUnion(visited)
    }
  }

  /// Reports directives that cannot be switched off; false when it reported one.
  private func forbidUnconditional(
    _ selectionSet: SelectionSet, parents: inout [FragmentSpread], visited: inout Set<String>
  ) -> Bool {
    var valid = true
    for selection in selectionSet.selections {
      let directives = selection.directives
      if let skip = directives.first(where: { $0.name.value == "skip" }), Self.canSkip(skip, when: true) {
        continue
      }
      if let include = directives.first(where: { $0.name.value == "include" }),
        Self.canSkip(include, when: false)
      {
        continue
      }
      for directive in directives {
        let name = directive.name.value
        guard name == "defer" || name == "stream", !Self.ifArgumentCanBeFalse(directive) else { continue }
        valid = false
        let kind = name == "defer" ? "Defer" : "Stream"
        context.report(
          "\(kind) directive not supported on subscription operations. Disable `@\(name)` by setting the `if` argument to `false`.",
          nodes: [directive.range] + parents.reversed().map(\.range))
      }
      switch selection {
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard !visited.contains(name), !checkedFragments.contains(name) else { continue }
        visited.insert(name)
        guard let fragment = context.fragment(named: name) else { continue }
        parents.append(spread)
        valid = forbidUnconditional(fragment.selectionSet, parents: &parents, visited: &visited) && valid
        parents.removeLast()
      case .field(let field):
        if let child = field.selectionSet {
          valid = forbidUnconditional(child, parents: &parents, visited: &visited) && valid
        }
      case .inlineFragment(let inline):
        valid = forbidUnconditional(inline.selectionSet, parents: &parents, visited: &visited) && valid
      }
    }
    return valid
  }

  /// `if: false` or `if: $variable`.
  private static func ifArgumentCanBeFalse(_ directive: Directive) -> Bool {
    guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { return false }
    switch argument.value {
    case .boolean(let value, _): return !value
    case .variable: return true
    default: return false
    }
  }

  /// Whether `@skip` (`skipValue` true) or `@include` (false) may leave the selection out: a
  /// literal `if` equal to `skipValue`, or a variable. A `@skip` without `if` counts as skipping
  /// (its error is another rule's), an `@include` without one as not.
  private static func canSkip(_ directive: Directive, when skipValue: Bool) -> Bool {
    guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { return skipValue }
    if case .boolean(let value, _) = argument.value { return value == skipValue }
    return true
  }
}

extension ValidationRule {
  /// `@defer` and `@stream` in a subscription only when they can be switched off.
  public static let deferStreamDirectiveOnValidOperations = ValidationRule(
    DeferStreamDirectiveOnValidOperationsRule.self)
}
