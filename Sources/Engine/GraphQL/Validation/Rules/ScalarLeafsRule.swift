/// Leaf Field Selections
///
/// "Field selections on scalars or enums are never allowed, because they are the leaf nodes of
/// any GraphQL operation. ... Conversely the leaf field selections of GraphQL operations must be
/// of type scalar or enum."
///
/// https://spec.graphql.org/October2021/#sec-Leaf-Field-Selections
final class ScalarLeafsRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterField] }
  override class var isReusable: Bool { true }

  func enterField(_ node: Field) {
    // The names and types of the messages are read only when one is reported.
    guard let named = context.typeInfo.namedType else { return }
    if named.isLeafType {
      if let selectionSet = node.selectionSet, let type = context.typeInfo.type {
        let name = node.name.value
        context.report(
          "Field \"\(name)\" must not have a selection since type \"\(type)\" has no subfields.",
          nodes: [selectionSet.range])
      }
    } else if let selectionSet = node.selectionSet {
      // graphql-js 16.10 (#4291): the parser never gives an empty selection set, but a document
      // built in code can.
      if selectionSet.selections.isEmpty, let type = context.typeInfo.type {
        let name = node.name.value
        context.report(
          "Field \"\(name)\" of type \"\(type)\" must have at least one field selected.", nodes: [node.range])
      }
    } else if let type = context.typeInfo.type {
      let name = node.name.value
      context.report(
        "Field \"\(name)\" of type \"\(type)\" must have a selection of subfields. "
          + "Did you mean \"\(name) { ... }\"?", nodes: [node.range])
    }
  }
}

extension ValidationRule {
  /// Leaf fields have no selection set; other fields must have one.
  public static let scalarLeafs = ValidationRule(ScalarLeafsRule.self)
}
