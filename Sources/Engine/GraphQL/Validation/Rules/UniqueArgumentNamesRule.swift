/// Argument Uniqueness
///
/// "Fields and directives treat arguments as a mapping of argument name to value. More than one
/// argument with the same name in an argument set is ambiguous and invalid."
///
/// https://spec.graphql.org/October2021/#sec-Argument-Uniqueness
final class UniqueArgumentNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterArguments] }
  override class var isReusable: Bool { true }

  func enterArguments(_ nodes: [Argument]) {
    guard nodes.count > 1 else { return }
    reportRepeated(nodes.lazy.map(\.name)) { "There can be only one argument named \"\($0)\"." }
  }
}

extension ValidationRule {
  /// A field or directive gets each argument at most once.
  public static let uniqueArgumentNames = ValidationRule(UniqueArgumentNamesRule.self)
}
