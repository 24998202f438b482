/// The comparisons of OverlappingFieldsCanBeMerged, in graphql-js's steps (A to J of its
/// algorithm notes): within a set, between a set and a fragment, between two fragments, and
/// between the subselections of two same-named fields.
extension OverlappingFieldsCanBeMergedRule {
  /// (A, B, C) Conflicts within one selection set and the fragments it spreads.
  func findConflictsWithin(parentType: GraphQLNamedType?, _ selectionSet: SelectionSet) -> [Conflict] {
    var conflicts: [Conflict] = []
    let collected = collectedFields(parentType: parentType, selectionSet)
    for key in collected.keys {
      guard let fields = collected.fieldsByKey[key], fields.count > 1 else { continue }
      for i in 0..<fields.count {
        for j in (i + 1)..<fields.count {
          if let conflict = findConflict(key, fields[i], fields[j], parentsExclusive: false) {
            conflicts.append(conflict)
          }
        }
      }
    }
    let names = collected.fragmentNames
    for i in 0..<names.count {
      collectBetween(collected, fragment: names[i], mutuallyExclusive: false, into: &conflicts)
      for j in (i + 1)..<names.count {
        collectBetween(fragment: names[i], fragment: names[j], mutuallyExclusive: false, into: &conflicts)
      }
    }
    return conflicts
  }

  /// (D, E) A set of fields against a fragment and the fragments it spreads.
  private func collectBetween(
    _ fields: CollectedFields, fragment name: String, mutuallyExclusive: Bool,
    into conflicts: inout [Conflict]
  ) {
    guard let fragment = context.fragment(named: name) else { return }
    let fragmentFields = collectedFields(of: fragment)
    if fields === fragmentFields { return }
    collectBetween(fields, fragmentFields, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    for referenced in fragmentFields.fragmentNames {
      if wasCompared(referenced, name, mutuallyExclusive: mutuallyExclusive) { continue }
      markCompared(referenced, name, mutuallyExclusive: mutuallyExclusive)
      collectBetween(fields, fragment: referenced, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
  }

  /// (F, G) Two fragments and, recursively, the fragments each spreads.
  private func collectBetween(
    fragment name1: String, fragment name2: String, mutuallyExclusive: Bool, into conflicts: inout [Conflict]
  ) {
    if name1 == name2 || wasCompared(name1, name2, mutuallyExclusive: mutuallyExclusive) { return }
    markCompared(name1, name2, mutuallyExclusive: mutuallyExclusive)
    guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2)
    else { return }
    let fields1 = collectedFields(of: fragment1)
    let fields2 = collectedFields(of: fragment2)
    collectBetween(fields1, fields2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    for referenced in fields2.fragmentNames {
      collectBetween(
        fragment: name1, fragment: referenced, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
    for referenced in fields1.fragmentNames {
      collectBetween(
        fragment: referenced, fragment: name2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
  }

  /// (H, I, J) The subselections of two fields with the same response key.
  private func findConflictsBetweenSubselections(
    mutuallyExclusive: Bool, _ parent1: GraphQLNamedType?, _ set1: SelectionSet,
    _ parent2: GraphQLNamedType?, _ set2: SelectionSet
  ) -> [Conflict] {
    var conflicts: [Conflict] = []
    let fields1 = collectedFields(parentType: parent1, set1)
    let fields2 = collectedFields(parentType: parent2, set2)
    collectBetween(fields1, fields2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    for name in fields2.fragmentNames {
      collectBetween(fields1, fragment: name, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
    for name in fields1.fragmentNames {
      collectBetween(fields2, fragment: name, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
    for name1 in fields1.fragmentNames {
      for name2 in fields2.fragmentNames {
        collectBetween(
          fragment: name1, fragment: name2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
      }
    }
    return conflicts
  }

  /// Every field of one set against the same-keyed fields of another.
  private func collectBetween(
    _ fields1: CollectedFields, _ fields2: CollectedFields, mutuallyExclusive: Bool,
    into conflicts: inout [Conflict]
  ) {
    for key in fields1.keys {
      guard let list1 = fields1.fieldsByKey[key], let list2 = fields2.fieldsByKey[key] else { continue }
      for field1 in list1 {
        for field2 in list2 {
          if let conflict = findConflict(key, field1, field2, parentsExclusive: mutuallyExclusive) {
            conflicts.append(conflict)
          }
        }
      }
    }
  }

  /// Two fields with the same response key conflict when (on possibly the same object) they
  /// name different fields or arguments, or when their types or subfields cannot merge.
  func findConflict(
    _ responseName: String, _ field1: FieldAndDefinition, _ field2: FieldAndDefinition, parentsExclusive: Bool
  ) -> Conflict? {
    let node1 = field1.node
    let node2 = field2.node
    var exclusive = parentsExclusive
    if !exclusive, let parent1 = field1.parentType, let parent2 = field2.parentType,
      parent1.name != parent2.name, case .object = parent1, case .object = parent2
    {
      exclusive = true
    }
    func conflict(_ reason: String) -> Conflict {
      Conflict(
        responseName: responseName, reason: .text(reason), fields1: [node1.range], fields2: [node2.range])
    }
    if !exclusive {
      if node1.name.value != node2.name.value {
        return conflict("\"\(node1.name.value)\" and \"\(node2.name.value)\" are different fields")
      }
      if argumentsText(node1) != argumentsText(node2) {
        return conflict("they have differing arguments")
      }
    }
    let type1 = field1.definition?.type
    let type2 = field2.definition?.type
    if let type1, let type2, typesConflict(type1, type2) {
      return conflict("they return conflicting types \"\(type1)\" and \"\(type2)\"")
    }
    guard let set1 = node1.selectionSet, let set2 = node2.selectionSet else { return nil }
    let subconflicts = findConflictsBetweenSubselections(
      mutuallyExclusive: exclusive, type1.flatMap { context.schema.namedType(of: $0) }, set1,
      type2.flatMap { context.schema.namedType(of: $0) }, set2)
    guard !subconflicts.isEmpty else { return nil }
    return Conflict(
      responseName: responseName,
      reason: .subfields(subconflicts.map { ($0.responseName, $0.reason) }),
      fields1: [node1.range] + subconflicts.flatMap(\.fields1),
      fields2: [node2.range] + subconflicts.flatMap(\.fields2))
  }

  /// Arguments as graphql-js compares them: printed as one input object with sorted fields.
  private func argumentsText(_ field: Field) -> String {
    if field.arguments.isEmpty { return "{}" }
    let object = Value.object(
      field.arguments.map { ObjectField(name: $0.name, value: $0.value) }, range: nil)
    return ValueText.print(ValueText.sorted(object))
  }

  /// Lists and non-null wrappers must match; leaf types must be the same type.
  private func typesConflict(_ type1: GraphQLTypeReference, _ type2: GraphQLTypeReference) -> Bool {
    switch (type1, type2) {
    case (.list(let inner1), .list(let inner2)), (.nonNull(let inner1), .nonNull(let inner2)):
      return typesConflict(inner1, inner2)
    case (.list, _), (_, .list), (.nonNull, _), (_, .nonNull):
      return true
    case (.named(let name1), .named(let name2)):
      let leaf1 = context.schema.typeMap[name1]?.isLeafType ?? false
      let leaf2 = context.schema.typeMap[name2]?.isLeafType ?? false
      return (leaf1 || leaf2) && name1 != name2
    }
  }
}
