import GraphQL
import GraphQLWire

/// Adds `__typename` to selection sets, as apollo-ios does: with `everyObject` false, to every
/// selection set made on an interface or union, so the generated code can tell which type case
/// an object is (a field of the generated type); with `everyObject` true, to every selection set
/// but those on a root operation type, so a normalized cache can key every object it stores
/// (this is what goes on the wire, without the client directives: `@catch` is for generated code).
struct TypenameInserter {
  let schema: GraphQLSchema
  var everyObject = false

  /// The directives left out: the client directives on the wire, none otherwise.
  private var stripped: Set<String> { everyObject ? ClientDirectives.stripped : [] }

  func insert(into operation: OperationDefinition) -> OperationDefinition {
    guard let root = schema.rootType(for: operation.operation) else { return operation }
    var copy = operation
    copy.directives.removeAll { stripped.contains($0.name.value) }
    copy.selectionSet = insert(into: operation.selectionSet, on: root.name)
    return copy
  }

  func insert(into fragment: FragmentDefinition) -> FragmentDefinition {
    var copy = fragment
    copy.selectionSet = insert(into: fragment.selectionSet, on: fragment.typeCondition.name.value)
    return copy
  }

  /// - Parameter isInline: true for an inline fragment's set, which the enclosing set's
  ///   `__typename` already covers on the wire.
  private func insert(into selectionSet: SelectionSet, on parentType: String, isInline: Bool = false)
    -> SelectionSet
  {
    var copy = selectionSet
    copy.selections = selectionSet.selections.map { selection in
      switch selection {
      case .field(var field):
        field.directives.removeAll { stripped.contains($0.name.value) }
        if let child = field.selectionSet,
          let childType = schema.type(named: parentType)?.fields?[field.name.value]?.type.namedType
        {
          field.selectionSet = insert(into: child, on: childType)
        }
        return .field(field)
      case .inlineFragment(var fragment):
        let condition = fragment.typeCondition?.name.value ?? parentType
        fragment.selectionSet = insert(into: fragment.selectionSet, on: condition, isInline: true)
        return .inlineFragment(fragment)
      case .fragmentSpread:
        return selection
      }
    }
    let wanted =
      everyObject
      ? !isInline && !schema.isRootType(parentType)
      : (schema.type(named: parentType)?.isAbstractType ?? false)
    let hasTypename = copy.selections.contains {
      if case .field(let field) = $0 { field.alias == nil && field.name.value == "__typename" } else { false }
    }
    if wanted && !hasTypename {
      copy.selections.append(.field(Field(name: Name("__typename"))))
    }
    return copy
  }
}

extension GraphQLSchema {
  /// Whether `name` is the query, mutation or subscription type.
  func isRootType(_ name: String) -> Bool {
    name == queryType.name || name == mutationType?.name || name == subscriptionType?.name
  }
}
