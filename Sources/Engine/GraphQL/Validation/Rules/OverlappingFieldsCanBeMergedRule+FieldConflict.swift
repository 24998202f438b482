import GraphQLWire

/// The comparison of two fields with the same response key (graphql-js's `findConflict`): names,
/// arguments, `@stream`, return types, then their subselections.
extension OverlappingFieldsCanBeMergedRule {
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
    // graphql-js 17: a streamed field merges with no other field of its response key, whatever
    // their parents (it would stream items its copy selects too).
    let stream1 = node1.directives.first { $0.name.value == "stream" }
    let stream2 = node2.directives.first { $0.name.value == "stream" }
    if stream1 != nil || stream2 != nil {
      var reason = "they have overlapping stream directives"
      if let stream1, let stream2, stream1.arguments.count == stream2.arguments.count,
        directiveArgumentsText(stream1) == directiveArgumentsText(stream2)
      {
        // Equal streams merged in graphql-js 17's alphas; the reason says where that changed.
        reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
      }
      return conflict(reason)
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
