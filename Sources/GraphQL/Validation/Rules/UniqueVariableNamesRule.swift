/// Variable Uniqueness
///
/// "If any operation defines more than one variable with the same name, it is ambiguous and
/// invalid."
///
/// https://spec.graphql.org/October2021/#sec-Variable-Uniqueness
final class UniqueVariableNamesRule: ContextVisitor, ValidationVisitor {
  func enterOperation(_ node: OperationDefinition) {
    var groups: [(name: String, nodes: [Name])] = []
    var indexByName: [String: Int] = [:]
    for definition in node.variableDefinitions {
      let name = definition.variable.name
      if let index = indexByName[name.value] {
        groups[index].nodes.append(name)
      } else {
        indexByName[name.value] = groups.count
        groups.append((name.value, [name]))
      }
    }
    for group in groups where group.nodes.count > 1 {
      context.report(
        "There can be only one variable named \"$\(group.name)\".", nodes: group.nodes.map(\.range))
    }
  }
}

extension ValidationRule {
  /// An operation's variable names are unique.
  public static let uniqueVariableNames = ValidationRule(UniqueVariableNamesRule.self)
}
