/// Argument Uniqueness
///
/// "Fields and directives treat arguments as a mapping of argument name to value. More than one
/// argument with the same name in an argument set is ambiguous and invalid."
///
/// https://spec.graphql.org/October2021/#sec-Argument-Uniqueness
final class UniqueArgumentNamesRule: ContextVisitor, ValidationVisitor {
  func enterArguments(_ nodes: [Argument]) {
    guard nodes.count > 1 else { return }
    var groups: [(name: String, nodes: [Name])] = []
    var indexByName: [String: Int] = [:]
    for argument in nodes {
      if let index = indexByName[argument.name.value] {
        groups[index].nodes.append(argument.name)
      } else {
        indexByName[argument.name.value] = groups.count
        groups.append((argument.name.value, [argument.name]))
      }
    }
    for group in groups where group.nodes.count > 1 {
      context.report(
        "There can be only one argument named \"\(group.name)\".", nodes: group.nodes.map(\.range))
    }
  }
}

extension ValidationRule {
  /// A field or directive gets each argument at most once.
  public static let uniqueArgumentNames = ValidationRule(UniqueArgumentNamesRule.self)
}
