import GraphQLWire

/// Values of Correct Type
///
/// "Literal values must be compatible with the type expected in the position they are found as
/// per the coercion rules defined in the Type System chapter."
///
/// https://spec.graphql.org/October2021/#sec-Values-of-Correct-Type, and for OneOf Input Objects
/// https://spec.graphql.org/September2025/#sec-OneOf-Input-Objects-Have-Exactly-One-Field
///
/// As graphql-js 17 does, each value written in the document is checked whole where it starts
/// (`validateInputLiteral`, statically: variables are VariablesInAllowedPosition's business), and
/// its inner values are not visited again.
final class ValuesOfCorrectTypeRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterValue, .leaveValue] }
  override class var isReusable: Bool { true }
  override func reset() {
    skipDepth = 0
  }

  /// Nonzero inside a value already checked as a whole.
  private var skipDepth = 0

  func enterValue(_ node: Value) {
    if skipDepth > 0 {
      skipDepth += 1
      return
    }
    skipDepth = 1
    // The walk expects a list's item type inside it; the list itself is checked against its parent.
    let expected: GraphQLTypeReference?
    if case .list = node {
      expected = context.typeInfo.parentInputType
    } else {
      expected = context.typeInfo.inputType
    }
    guard let expected else { return }
    var path: [PathComponent] = []
    InputLiteralValidator(schema: context.schema, variables: nil).validate(node, as: expected, path: &path) {
      _, error, range in
      guard error.locations.isEmpty else { return context.report(error) }
      context.report(
        GraphQLError(
          error.message, source: context.document.source, ranges: [range], extensions: error.extensions))
    }
  }

  func leaveValue(_ node: Value) {
    if skipDepth > 0 { skipDepth -= 1 }
  }
}

extension ValidationRule {
  /// Literal values fit the type expected where they appear.
  public static let valuesOfCorrectType = ValidationRule(ValuesOfCorrectTypeRule.self)
}
