import GraphQL

/// Adds `__typename` to every selection set made on an interface or union, so the generated
/// code can tell which type case an object is (apollo-ios does the same).
struct TypenameInserter {
  let schema: GraphQLSchema

  func insert(into operation: OperationDefinition) -> OperationDefinition {
    guard let root = schema.rootType(for: operation.operation) else { return operation }
    var copy = operation
    copy.selectionSet = insert(into: operation.selectionSet, on: root.name)
    return copy
  }

  func insert(into fragment: FragmentDefinition) -> FragmentDefinition {
    var copy = fragment
    copy.selectionSet = insert(into: fragment.selectionSet, on: fragment.typeCondition.name.value)
    return copy
  }

  private func insert(into selectionSet: SelectionSet, on parentType: String) -> SelectionSet {
    var copy = selectionSet
    copy.selections = selectionSet.selections.map { selection in
      switch selection {
      case .field(var field):
        if let child = field.selectionSet,
          let childType = schema.type(named: parentType)?.fields?[field.name.value]?.type.namedType
        {
          field.selectionSet = insert(into: child, on: childType)
        }
        return .field(field)
      case .inlineFragment(var fragment):
        let condition = fragment.typeCondition?.name.value ?? parentType
        fragment.selectionSet = insert(into: fragment.selectionSet, on: condition)
        return .inlineFragment(fragment)
      case .fragmentSpread:
        return selection
      }
    }
    let isAbstract = schema.type(named: parentType)?.isAbstractType ?? false
    let hasTypename = copy.selections.contains {
      if case .field(let field) = $0 { field.alias == nil && field.name.value == "__typename" } else { false }
    }
    if isAbstract && !hasTypename {
      copy.selections.append(.field(Field(name: Name("__typename"))))
    }
    return copy
  }
}
