/// Directives Are Unique Per Location
///
/// "For each location: let directives be the set of Directives which apply to location ... For
/// each non-repeatable directive in directives, the set of directives named the same must contain
/// only that directive."
///
/// https://spec.graphql.org/October2021/#sec-Directives-Are-Unique-Per-Location
final class UniqueDirectivesPerLocationRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDirectives] }
  override class var isReusable: Bool { true }

  func enterDirectives(_ nodes: [Directive], location: DirectiveLocation?) {
    guard nodes.count > 1 else { return }
    var seen: [String: Directive] = [:]
    for directive in nodes where context.directives[directive.name.value]?.isUnique == true {
      let name = directive.name.value
      if let first = seen.existing(at: name, orInsert: directive) {
        context.report(
          "The directive \"@\(name)\" can only be used once at this location.",
          nodes: [first.range, directive.range])
      }
    }
  }
}

extension ValidationRule {
  /// Non-repeatable directives appear at most once per location.
  public static let uniqueDirectivesPerLocation = ValidationRule(UniqueDirectivesPerLocationRule.self)
}
