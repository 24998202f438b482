/// Input Object Field Uniqueness
///
/// "Input objects must not contain more than one field of the same name, otherwise an ambiguity
/// would exist which includes an ignored portion of syntax."
///
/// https://spec.graphql.org/October2021/#sec-Input-Object-Field-Uniqueness
final class UniqueInputFieldNamesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterValue, .leaveValue, .enterObjectField] }
  override class var isReusable: Bool { true }
  override func reset() {
    knownStack = []
  }

  /// The field names seen so far in each input object literal being walked, innermost last.
  private var knownStack: [[String: Name]] = []

  func enterValue(_ node: Value) {
    if case .object = node { knownStack.append([:]) }
  }

  func leaveValue(_ node: Value) {
    if case .object = node { knownStack.removeLast() }
  }

  func enterObjectField(_ node: ObjectField) {
    guard !knownStack.isEmpty else { return }
    noteUnique(node.name, in: &knownStack[knownStack.count - 1], kind: "input field")
  }
}

extension ValidationRule {
  /// An input object literal gives each field at most once.
  public static let uniqueInputFieldNames = ValidationRule(UniqueInputFieldNamesRule.self)
}
