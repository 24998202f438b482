import GraphQLWire

/// The comparisons of OverlappingFieldsCanBeMerged, in graphql-js's steps (A to J of its
/// algorithm notes): within a set, between a set and a fragment, between two fragments, and
/// between the subselections of two same-named fields.
extension OverlappingFieldsCanBeMergedRule {
  /// (A, B, C) Conflicts within one selection set and the fragments it spreads: at most as many
  /// as the validation can still report (one more trips graphql-js's error limit).
  func findConflictsWithin(parentType: GraphQLNamedType?, _ selectionSet: SelectionSet) -> [Conflict] {
    var conflicts = Conflicts(limit: context.remainingErrors)
    let collected = collectedFields(parentType: parentType, selectionSet)
    for key in collected.keys {
      guard let fields = collected.fieldsByKey[key], fields.count > 1 else { continue }
      comparePairs(key, fields, nil, mutuallyExclusive: false, into: &conflicts)
      if conflicts.isFull || context.isAborted { return conflicts.items }
    }
    let names = collected.fragmentNames
    var freePairs = FreeFragmentPairs(self, names)
    for i in 0..<names.count {
      collectBetween(collected, fragment: names[i], mutuallyExclusive: false, into: &conflicts)
      for j in (i + 1)..<names.count {
        if conflicts.isFull || shouldStop { return conflicts.items }
        if freePairs.isFree(i, j) { continue }
        collectBetween(fragment: names[i], fragment: names[j], mutuallyExclusive: false, into: &conflicts)
        freePairs.learn(i, j, from: self)
      }
    }
    return conflicts.items
  }

  /// Which pairs of a set's spread fragments are known free of conflicts, by their fragments'
  /// identities: a thousand spreads of a few distinct fragments then cost one array lookup per
  /// pair instead of hashing two names and two identities (the outcome is the one the early return
  /// of `collectBetween(fragment:fragment:)` would give). Off for the pairwise reference and when
  /// there are too many distinct fragments for a table.
  struct FreeFragmentPairs {
    private let identities: [Int?]
    private let groups: [Int]
    private let count: Int
    /// Per pair of groups: true once the pair is known free of conflicts.
    private var free: [Bool]

    init(_ rule: OverlappingFieldsCanBeMergedRule, _ names: [String]) {
      guard !rule.pairwise, names.count > 2 else {
        (identities, groups, count, free) = ([], [], 0, [])
        return
      }
      var groupOf: [Int: Int] = [:]
      var identities: [Int?] = []
      var groups: [Int] = []
      for name in names {
        let identity = rule.identity(ofFragment: name)
        identities.append(identity)
        guard let identity else {
          groups.append(-1)
          continue
        }
        if let known = groupOf[identity] {
          groups.append(known)
        } else {
          groupOf[identity] = groupOf.count
          groups.append(groupOf.count - 1)
        }
      }
      let count = groupOf.count <= 1024 ? groupOf.count : 0
      (self.identities, self.groups, self.count) = (identities, groups, count)
      free = [Bool](repeating: false, count: count * count)
    }

    func isFree(_ i: Int, _ j: Int) -> Bool {
      guard count > 0, groups[i] >= 0, groups[j] >= 0 else { return false }
      return free[groups[i] * count + groups[j]]
    }

    /// Records the outcome of comparing fragments `i` and `j` when it was memoized.
    mutating func learn(_ i: Int, _ j: Int, from rule: OverlappingFieldsCanBeMergedRule) {
      guard count > 0, groups[i] >= 0, groups[j] >= 0, let first = identities[i], let second = identities[j]
      else { return }
      guard rule.comparedIdentities[IdentityPair(first, second, exclusive: false)] == false else { return }
      free[groups[i] * count + groups[j]] = true
      free[groups[j] * count + groups[i]] = true
    }
  }

  /// Conflicts found so far, up to a limit past which comparing stops.
  struct Conflicts {
    var items: [Conflict] = []
    let limit: Int
    var isFull: Bool { items.count >= limit }

    init(limit: Int) { self.limit = limit }
  }

  /// (D, E) A set of fields against a fragment and the fragments it spreads, each once per set
  /// (graphql-js 16.9: the memo is per field set and fragment, not per fragment pair, so that a
  /// nested fragment compared with one set is still compared with the next).
  private func collectBetween(
    _ fields: CollectedFields, fragment name: String, mutuallyExclusive: Bool,
    into conflicts: inout Conflicts
  ) {
    let pair = FieldsAndFragment(fields: ObjectIdentifier(fields), fragment: name)
    if Self.covers(comparedFieldsAndFragments[pair], mutuallyExclusive: mutuallyExclusive) { return }
    comparedFieldsAndFragments[pair] = mutuallyExclusive
    guard let fragment = context.fragment(named: name) else { return }
    let fragmentFields = collectedFields(of: fragment)
    if fields === fragmentFields { return }
    collectBetween(fields, fragmentFields, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    for referenced in fragmentFields.fragmentNames {
      if conflicts.isFull || shouldStop { return }
      collectBetween(fields, fragment: referenced, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
  }

  /// (F, G) Two fragments and, recursively, the fragments each spreads. Fragments with the same
  /// type condition and selection compare alike, so a pair of identities found free of conflicts
  /// is not compared again under other names.
  private func collectBetween(
    fragment name1: String, fragment name2: String, mutuallyExclusive: Bool, into conflicts: inout Conflicts
  ) {
    if name1 == name2 || wasCompared(name1, name2, mutuallyExclusive: mutuallyExclusive) { return }
    guard let identity1 = identity(ofFragment: name1), let identity2 = identity(ofFragment: name2) else {
      markCompared(name1, name2, mutuallyExclusive: mutuallyExclusive)
      return
    }
    let identities = IdentityPair(identity1, identity2, exclusive: mutuallyExclusive)
    if !pairwise, comparedIdentities[identities] == false { return }
    markCompared(name1, name2, mutuallyExclusive: mutuallyExclusive)
    guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2)
    else { return }
    let found = conflicts.items.count
    let fields1 = collectedFields(of: fragment1)
    let fields2 = collectedFields(of: fragment2)
    collectBetween(fields1, fields2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    for referenced in fields2.fragmentNames {
      if conflicts.isFull || shouldStop { return }
      collectBetween(
        fragment: name1, fragment: referenced, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
    for referenced in fields1.fragmentNames {
      if conflicts.isFull || shouldStop { return }
      collectBetween(
        fragment: referenced, fragment: name2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
    if !context.isAborted { comparedIdentities[identities] = conflicts.items.count > found }
  }

  /// (H, I, J) The subselections of two fields with the same response key.
  func findConflictsBetweenSubselections(
    mutuallyExclusive: Bool, _ parent1: GraphQLNamedType?, _ set1: SelectionSet,
    _ parent2: GraphQLNamedType?, _ set2: SelectionSet
  ) -> [Conflict] {
    // A nested message lists at most as many subfield conflicts as the error limit.
    var conflicts = Conflicts(limit: context.maxErrors)
    let fields1 = collectedFields(parentType: parent1, set1)
    let fields2 = collectedFields(parentType: parent2, set2)
    collectBetween(fields1, fields2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    for name in fields2.fragmentNames {
      if conflicts.isFull || shouldStop { return conflicts.items }
      collectBetween(fields1, fragment: name, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
    for name in fields1.fragmentNames {
      if conflicts.isFull || shouldStop { return conflicts.items }
      collectBetween(fields2, fragment: name, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
    }
    for name1 in fields1.fragmentNames {
      for name2 in fields2.fragmentNames {
        if conflicts.isFull || shouldStop { return conflicts.items }
        collectBetween(
          fragment: name1, fragment: name2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
      }
    }
    return conflicts.items
  }

  /// Every field of one set against the same-keyed fields of another.
  private func collectBetween(
    _ fields1: CollectedFields, _ fields2: CollectedFields, mutuallyExclusive: Bool,
    into conflicts: inout Conflicts
  ) {
    for key in fields1.keys {
      guard let list1 = fields1.fieldsByKey[key], let list2 = fields2.fieldsByKey[key] else { continue }
      comparePairs(key, list1, list2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
      if conflicts.isFull || context.isAborted { return }
    }
  }

  /// Compares fields with one response key: every pair within `list1` (when `list2` is nil) or
  /// every pair across the two lists, in graphql-js's order.
  ///
  /// Copies of one field (equal identities) compare alike, so when there are few distinct fields
  /// one real pair per pair of identities is compared first (the outcome is remembered for the
  /// whole validation); when none conflicts nothing more is done. Otherwise the pairs are walked
  /// in order, and only those whose identities conflict are compared (the first comparison's
  /// conflict is reused), until the limit.
  private func comparePairs(
    _ key: String, _ list1: [FieldAndDefinition], _ list2: [FieldAndDefinition]?, mutuallyExclusive: Bool,
    into conflicts: inout Conflicts
  ) {
    if pairwise {
      comparePairwise(key, list1, list2, mutuallyExclusive: mutuallyExclusive, into: &conflicts)
      return
    }
    if list1.count == 1, let list2, list2.count == 1 {
      // One pair (the usual case below the top level): nothing to group.
      if comparedIdentities[IdentityPair(list1[0].identity, list2[0].identity, exclusive: mutuallyExclusive)]
        == false
      {
        return
      }
      let conflict = findConflict(key, list1[0], list2[0], parentsExclusive: mutuallyExclusive)
      if !context.isAborted {
        comparedIdentities[IdentityPair(list1[0].identity, list2[0].identity, exclusive: mutuallyExclusive)] =
          conflict != nil
      }
      if let conflict { conflicts.items.append(conflict) }
      return
    }
    if let pairs = mergedConflicts(key, list1, list2, mutuallyExclusive: mutuallyExclusive) {
      for (i, j) in pairs {
        if shouldStop { return }
        if let conflict = findConflict(
          key, list1[i], (list2 ?? list1)[j], parentsExclusive: mutuallyExclusive)
        {
          conflicts.items.append(conflict)
          if conflicts.isFull { return }
        }
      }
      return
    }
    var groupOf: [Int: Int] = [:]
    func group(_ field: FieldAndDefinition) -> Int {
      if let known = groupOf[field.identity] { return known }
      groupOf[field.identity] = groupOf.count
      return groupOf.count - 1
    }
    let groups1 = list1.map(group)
    let groups2 = list2.map { $0.map(group) } ?? groups1
    let second = list2 ?? list1
    let count = groupOf.count
    // Outcome per pair of groups: 0 unknown, 1 no conflict, 2 conflict.
    var outcomes = [UInt8](repeating: 0, count: count <= 1024 ? count * count : 0)
    // Conflicts already computed for a real pair (index in list1, index in the second list).
    var computed: [Int: Conflict] = [:]
    func outcome(_ i: Int, _ j: Int) -> UInt8 {
      let g = groups1[i]
      let h = groups2[j]
      if !outcomes.isEmpty, outcomes[g * count + h] != 0 { return outcomes[g * count + h] }
      let pair = IdentityPair(list1[i].identity, second[j].identity, exclusive: mutuallyExclusive)
      let result: UInt8
      if let known = comparedIdentities[pair] {
        result = known ? 2 : 1
      } else {
        let conflict = findConflict(key, list1[i], second[j], parentsExclusive: mutuallyExclusive)
        if context.isAborted { return 2 }
        comparedIdentities[pair] = conflict != nil
        if let conflict { computed[i * second.count + j] = conflict }
        result = conflict != nil ? 2 : 1
      }
      if !outcomes.isEmpty {
        outcomes[g * count + h] = result
        outcomes[h * count + g] = result
      }
      return result
    }
    let pairCount = list2 == nil ? list1.count * (list1.count - 1) / 2 : list1.count * second.count
    if !outcomes.isEmpty, count * count < pairCount {
      // Few distinct fields: settle each pair of groups on its first real pair.
      var firstPairs: [(Int, Int)] = []
      var first1 = [Int](repeating: -1, count: count)
      var next1 = [Int](repeating: -1, count: count)
      for (i, g) in groups1.enumerated() {
        if first1[g] < 0 { first1[g] = i } else if next1[g] < 0 { next1[g] = i }
      }
      if list2 == nil {
        for g in 0..<count {
          if next1[g] >= 0 { firstPairs.append((first1[g], next1[g])) }
          for h in (g + 1)..<count {
            firstPairs.append((min(first1[g], first1[h]), max(first1[g], first1[h])))
          }
        }
      } else {
        var first2 = [Int](repeating: -1, count: count)
        for (j, h) in groups2.enumerated() where first2[h] < 0 { first2[h] = j }
        for g in 0..<count where first1[g] >= 0 {
          for h in 0..<count where first2[h] >= 0 { firstPairs.append((first1[g], first2[h])) }
        }
      }
      var anyConflict = false
      for (i, j) in firstPairs.sorted(by: { $0 < $1 }) {
        if shouldStop { return }
        if outcome(i, j) == 2 { anyConflict = true }
      }
      if !anyConflict { return }
    }
    for i in 0..<list1.count {
      for j in (list2 == nil ? i + 1 : 0)..<second.count {
        if shouldStop { return }
        if outcome(i, j) == 1 { continue }
        if let conflict = computed.removeValue(forKey: i * second.count + j)
          ?? findConflict(key, list1[i], second[j], parentsExclusive: mutuallyExclusive)
        {
          conflicts.items.append(conflict)
          if conflicts.isFull { return }
        }
      }
    }
  }

  /// Every pair in order, each compared (the reference behaviour).
  private func comparePairwise(
    _ key: String, _ list1: [FieldAndDefinition], _ list2: [FieldAndDefinition]?, mutuallyExclusive: Bool,
    into conflicts: inout Conflicts
  ) {
    let second = list2 ?? list1
    for i in 0..<list1.count {
      for j in (list2 == nil ? i + 1 : 0)..<second.count {
        if shouldStop { return }
        if let conflict = findConflict(key, list1[i], second[j], parentsExclusive: mutuallyExclusive) {
          conflicts.items.append(conflict)
          if conflicts.isFull { return }
        }
      }
    }
  }

  /// The conflicting pairs (indices into `list1` and into `list2`, or `list1` again), in
  /// graphql-js's order, found by the merged comparison; nil when it does not apply (few fields,
  /// fragment spreads, or too many conflicts: the pairwise walk then stops at the limit soon).
  private func mergedConflicts(
    _ key: String, _ list1: [FieldAndDefinition], _ list2: [FieldAndDefinition]?, mutuallyExclusive: Bool
  ) -> [(Int, Int)]? {
    guard list1.count + (list2?.count ?? 0) > 16 else { return nil }
    var entries = list1.enumerated().map { OwnedField(owner: $0.offset, field: $0.element) }
    if let list2 {
      entries += list2.enumerated().map { OwnedField(owner: list1.count + $0.offset, field: $0.element) }
    }
    guard let pairs = conflictingOwners(key, entries, mutuallyExclusive: mutuallyExclusive, limit: 10_000)
    else {
      return nil
    }
    var result: [(Int, Int)] = []
    for pair in pairs.sorted() {
      if list2 == nil {
        result.append((pair.first, pair.second))
      } else if pair.first < list1.count, pair.second >= list1.count {
        result.append((pair.first, pair.second - list1.count))
      }
    }
    return result
  }
}
