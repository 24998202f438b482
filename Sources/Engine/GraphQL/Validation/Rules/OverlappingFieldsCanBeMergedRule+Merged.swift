/// The merged comparison of OverlappingFieldsCanBeMerged: which pairs of many different fields
/// with one response key conflict, found without comparing every pair.
///
/// Two fields of one shape (same parent type, name and arguments) can only conflict through
/// their subselections, and then through subfields that share a response key; so the subfields
/// of all fields of a shape are merged by response key and the question is asked again one level
/// down, each subfield remembering which field it came from. Copies of one field conflict only
/// if the field conflicts with a copy of itself. Fields of different shapes are compared pair by
/// pair (different names or arguments on one object conflict at once, so those pairs are real
/// conflicts, which the error limit bounds). This finds exactly the pairs graphql-js's pairwise
/// comparison finds, in time that grows with the document rather than its square; the messages
/// are then built by comparing only those pairs. Fields whose selections spread fragments are
/// left to the pairwise comparison (graphql-js's fragment memos make its outcome depend on order),
/// and so are streamed fields.
extension OverlappingFieldsCanBeMergedRule {
  /// An unordered pair of distinct owners.
  struct OwnerPair: Hashable, Comparable {
    let first: Int
    let second: Int

    init(_ a: Int, _ b: Int) {
      first = min(a, b)
      second = max(a, b)
    }

    static func < (lhs: OwnerPair, rhs: OwnerPair) -> Bool {
      (lhs.first, lhs.second) < (rhs.first, rhs.second)
    }
  }

  /// A field under one response key, and which field (or top-level position) it belongs to.
  struct OwnedField {
    var owner: Int
    var field: FieldAndDefinition
  }

  /// What makes fields comparable without looking at their subselections.
  private struct Shape: Hashable {
    let parentType: String
    let name: String
    let arguments: String
    let hasSelection: Bool
  }

  /// The pairs of different owners whose fields (all with response key `key`) conflict; nil when
  /// more than `limit` pairs conflict, a field spreads a fragment, or comparing must stop.
  func conflictingOwners(_ key: String, _ entries: [OwnedField], mutuallyExclusive: Bool, limit: Int)
    -> Set<OwnerPair>?
  {
    var groupOf: [Int: Int] = [:]
    var representatives: [FieldAndDefinition] = []
    var owners: [[Int]] = []
    for entry in entries {
      if identities.withSpreads.contains(entry.field.identity) || shouldStop { return nil }
      // A streamed field conflicts with any other under its key (`findConflict`), copies of itself
      // included, which the shapes below do not express: the pairwise walk handles it.
      if entry.field.node.directives.contains(where: { $0.name.value == "stream" }) { return nil }
      if let group = groupOf[entry.field.identity] {
        if !owners[group].contains(entry.owner) { owners[group].append(entry.owner) }
      } else {
        groupOf[entry.field.identity] = representatives.count
        representatives.append(entry.field)
        owners.append([entry.owner])
      }
    }
    var result = Set<OwnerPair>()
    func add(_ owners1: [Int], _ owners2: [Int]) -> Bool {
      for a in owners1 {
        for b in owners2 where a != b {
          result.insert(OwnerPair(a, b))
          if result.count > limit { return false }
        }
      }
      return true
    }
    // Copies of one field under several owners.
    for group in representatives.indices where owners[group].count > 1 {
      guard let conflicts = selfConflicts(key, representatives[group], mutuallyExclusive: mutuallyExclusive)
      else { return nil }
      if conflicts, !add(owners[group], owners[group]) { return nil }
    }
    var shapeOf: [Shape: Int] = [:]
    var shapes: [[Int]] = []
    for (group, field) in representatives.enumerated() {
      let shape = Shape(
        parentType: field.parentType?.name ?? "", name: field.node.name.value,
        arguments: argumentsText(field.node),
        hasSelection: field.node.selectionSet != nil)
      if let index = shapeOf[shape] {
        shapes[index].append(group)
      } else {
        shapeOf[shape] = shapes.count
        shapes.append([group])
      }
    }
    // Different shapes: pair by pair.
    for s1 in shapes.indices {
      for s2 in (s1 + 1)..<shapes.count {
        for g in shapes[s1] {
          for h in shapes[s2] {
            if shouldStop { return nil }
            if pairConflicts(
              key, representatives[g], representatives[h], mutuallyExclusive: mutuallyExclusive),
              !add(owners[g], owners[h])
            {
              return nil
            }
          }
        }
      }
    }
    // One shape: through the merged subfields.
    for members in shapes where members.count > 1 {
      guard let pairs = subfieldConflicts(members.map { representatives[$0] }, mutuallyExclusive, limit)
      else {
        return nil
      }
      for pair in pairs where !add(owners[members[pair.first]], owners[members[pair.second]]) { return nil }
    }
    return result
  }

  /// Which pairs of `fields` (one shape; owners are positions in `fields`) conflict through their
  /// subselections.
  private func subfieldConflicts(_ fields: [FieldAndDefinition], _ mutuallyExclusive: Bool, _ limit: Int)
    -> Set<OwnerPair>?
  {
    guard fields[0].node.selectionSet != nil else { return [] }
    let type = fields[0].definition.flatMap { context.schema.namedType(of: $0.type) }
    var keys: [String] = []
    var merged: [String: [OwnedField]] = [:]
    for (owner, field) in fields.enumerated() {
      guard let selectionSet = field.node.selectionSet else { continue }
      let collected = collectedFields(parentType: type, selectionSet)
      for key in collected.keys {
        if merged[key] == nil { keys.append(key) }
        for subfield in collected.fieldsByKey[key] ?? [] {
          merged[key, default: []].append(OwnedField(owner: owner, field: subfield))
        }
      }
    }
    var result = Set<OwnerPair>()
    for key in keys {
      guard let entries = merged[key], entries.contains(where: { $0.owner != entries[0].owner }) else {
        continue
      }
      guard let pairs = conflictingOwners(key, entries, mutuallyExclusive: mutuallyExclusive, limit: limit)
      else {
        return nil
      }
      result.formUnion(pairs)
      if result.count > limit { return nil }
    }
    return result
  }

  /// Whether `field` conflicts with a copy of itself (its subselection, compared with a copy of
  /// itself, holds two fields that cannot merge); nil when that cannot be told here.
  private func selfConflicts(_ key: String, _ field: FieldAndDefinition, mutuallyExclusive: Bool) -> Bool? {
    let pair = IdentityPair(field.identity, field.identity, exclusive: mutuallyExclusive)
    if let known = comparedIdentities[pair] { return known }
    guard let pairs = subfieldConflicts([field, field], mutuallyExclusive, context.maxErrors) else {
      return nil
    }
    if context.isAborted { return nil }
    comparedIdentities[pair] = !pairs.isEmpty
    return !pairs.isEmpty
  }

  /// Whether two fields (whose selections spread no fragment) conflict, remembered by identity.
  func pairConflicts(
    _ key: String, _ field1: FieldAndDefinition, _ field2: FieldAndDefinition, mutuallyExclusive: Bool
  ) -> Bool {
    let pair = IdentityPair(field1.identity, field2.identity, exclusive: mutuallyExclusive)
    if let known = comparedIdentities[pair] { return known }
    let conflicts = findConflict(key, field1, field2, parentsExclusive: mutuallyExclusive) != nil
    if !context.isAborted { comparedIdentities[pair] = conflicts }
    return conflicts
  }
}
