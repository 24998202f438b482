/// Directives Are Defined / Directives Are In Valid Locations
///
/// "GraphQL servers define what directives they support. For each usage of a directive, the
/// directive must be available on that server." ... "GraphQL servers define what directives they
/// support and where they support them."
///
/// https://spec.graphql.org/October2021/#sec-Directives-Are-Defined
final class KnownDirectivesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterDirective] }
  override class var isReusable: Bool { true }

  func enterDirective(_ node: Directive, location: DirectiveLocation?) {
    let name = node.name.value
    guard let locations = context.directives[name]?.locations else {
      context.report("Unknown directive \"@\(name)\".", nodes: [node.range])
      return
    }
    if let location, !locations.contains(location.rawValue) {
      context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", nodes: [node.range])
    }
  }
}

extension ValidationRule {
  /// Directives exist and are used where they are allowed.
  public static let knownDirectives = ValidationRule(KnownDirectivesRule.self)
}
