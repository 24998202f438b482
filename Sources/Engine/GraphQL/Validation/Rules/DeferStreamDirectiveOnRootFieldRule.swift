/// Defer And Stream Directives Are Used On Valid Root Field (graphql-js 17)
///
/// A mutation's or a subscription's root fields cannot be deferred or streamed: the operation's
/// side effects and events belong to its first result.
final class DeferStreamDirectiveOnRootFieldRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterOperation] }
  override class var isReusable: Bool { true }
  override func reset() {
    checkedFragments = []
  }

  /// Fragments already checked for an earlier operation (without an error found in them).
  private var checkedFragments: Set<String> = []

  func enterOperation(_ node: OperationDefinition) {
    guard node.operation == .mutation || node.operation == .subscription,
      let rootType = context.schema.rootType(for: node.operation)
    else { return }
    var visited: Set<String> = []
    if forbidDeferStream(node.operation, rootType.name, node.selectionSet, visited: &visited) {
      checkedFragments.formUnion(visited)
    }
  }

  /// Reports `@stream` on root fields and `@defer` on root fragments; false when it reported one.
  private func forbidDeferStream(
    _ operation: OperationType, _ rootTypeName: String, _ selectionSet: SelectionSet,
    visited: inout Set<String>
  ) -> Bool {
    var valid = true
    for selection in selectionSet.selections {
      switch selection {
      case .field(let field):
        if let stream = field.directives.first(where: { $0.name.value == "stream" }) {
          valid = false
          report("Stream", operation, rootTypeName, stream)
        }
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard visited.insert(name).inserted, let fragment = context.fragment(named: name) else { continue }
        if let deferDirective = spread.directives.first(where: { $0.name.value == "defer" }) {
          valid = false
          report("Defer", operation, rootTypeName, deferDirective)
        }
        if !checkedFragments.contains(name) {
          valid =
            forbidDeferStream(operation, rootTypeName, fragment.selectionSet, visited: &visited) && valid
        }
      case .inlineFragment(let inline):
        if let deferDirective = inline.directives.first(where: { $0.name.value == "defer" }) {
          valid = false
          report("Defer", operation, rootTypeName, deferDirective)
        }
        valid = forbidDeferStream(operation, rootTypeName, inline.selectionSet, visited: &visited) && valid
      }
    }
    return valid
  }

  private func report(_ kind: String, _ operation: OperationType, _ rootTypeName: String, _ node: Directive) {
    context.report(
      "\(kind) directive cannot be used on root \(operation.rawValue) type \"\(rootTypeName)\".",
      nodes: [node.range])
  }
}

extension ValidationRule {
  /// No `@defer` or `@stream` on the root fields of a mutation or subscription.
  public static let deferStreamDirectiveOnRootField = ValidationRule(DeferStreamDirectiveOnRootFieldRule.self)
}
