/// Leaf Field Selections
///
/// "Field selections on scalars or enums are never allowed, because they are the leaf nodes of
/// any GraphQL operation. ... Conversely the leaf field selections of GraphQL operations must be
/// of type scalar or enum."
///
/// https://spec.graphql.org/October2021/#sec-Leaf-Field-Selections
final class ScalarLeafsRule: ContextVisitor, ValidationVisitor {
  var callbacks: ValidationCallbacks { [.enterField] }

  func enterField(_ node: Field) {
    guard let type = context.typeInfo.type, let named = context.typeInfo.namedType else { return }
    let name = node.name.value
    if named.isLeafType {
      if let selectionSet = node.selectionSet {
        context.report(
          "Field \"\(name)\" must not have a selection since type \"\(type)\" has no subfields.",
          nodes: [selectionSet.range])
      }
    } else if let selectionSet = node.selectionSet {
      // graphql-js 16.10 (#4291): the parser never gives an empty selection set, but a document
      // built in code can.
      if selectionSet.selections.isEmpty {
        context.report(
          "Field \"\(name)\" of type \"\(type)\" must have at least one field selected.", nodes: [node.range])
      }
    } else {
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
