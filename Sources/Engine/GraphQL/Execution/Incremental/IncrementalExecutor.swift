@_spi(Encoding) import GraphQLWire

/// The executor's steps for incremental executions (graphql-js 17's `IncrementalExecutor`):
/// collecting sub-selections with their `@defer`s, splitting them into the fields written now and
/// execution groups for later, and streaming lists. The ordinary executor calls in here only when
/// the execution is incremental (`ExecutionContext.incremental`).
extension ExecutionContext {
  /// The fields of `selectionSets` for `objectType`, planned, with their defer usages.
  func incrementalLevel(
    _ objectType: GraphQLObjectType, _ selectionSets: [(SelectionSet, DeferUsage?)], _ state: IncrementalState
  ) -> IncrementalState.CollectedLevel {
    let collection = collectDeferred(objectType: objectType, selectionSets)
    var plans: [FieldPlan] = []
    var usages: [[DeferUsage?]] = []
    for key in collection.keys {
      guard let nodes = collection.nodesByKey[key], let plan = makePlan(objectType, key, nodes.map(\.node))
      else { continue }
      let nodeUsages = nodes.map(\.usage)
      plans.append(plan)
      usages.append(nodeUsages)
      state.nodeUsages[ObjectIdentifier(plan)] = nodeUsages
      state.plans.append(plan)
    }
    return IncrementalState.CollectedLevel(plans: plans, usages: usages, newUsages: collection.newUsages)
  }

  /// graphql-js 17's `buildExecutionPlan` at `path`: the fields the current unit writes, and the
  /// work for later (new deferred fragments, and an execution group per other usage set).
  func planIncremental(
    _ level: IncrementalState.CollectedLevel, at path: [PathComponent], parentType: GraphQLObjectType,
    source: (any Sendable)?, _ state: IncrementalState
  ) -> (plans: [FieldPlan], work: IncrementalWork) {
    let parentSet = state.usageSet ?? DeferUsageSet()
    if level.newUsages.isEmpty, parentSet.isEmpty, level.usages.allSatisfy({ $0.allSatisfy { $0 == nil } }) {
      return (level.plans, IncrementalWork())
    }
    var map = state.groupMap(at: path)
    var work = IncrementalWork()
    if !level.newUsages.isEmpty {
      for usage in level.newUsages {
        let parent = usage.parent.flatMap { map[ObjectIdentifier($0)] }
        let group = DeliveryGroup(path: path, label: usage.label, parent: parent)
        work.groups.append(group)
        map[ObjectIdentifier(usage)] = group
      }
      state.groupMaps[path] = map
    }
    var current: [FieldPlan] = []
    var deferred: [(set: DeferUsageSet, plans: [FieldPlan])] = []
    for (index, plan) in level.plans.enumerated() {
      let filtered = DeferUsageSet(filtering: level.usages[index])
      if filtered.sameMembers(as: parentSet) {
        current.append(plan)
      } else if let existing = deferred.firstIndex(where: { $0.set.sameMembers(as: filtered) }) {
        deferred[existing].plans.append(plan)
      } else {
        deferred.append((filtered, [plan]))
      }
    }
    for (set, plans) in deferred {
      let groups = set.usages.compactMap { map[ObjectIdentifier($0)] }
      // Every usage has its group (made here or above); a miss would be a bug, and writing the
      // fields now is the safe way out.
      guard groups.count == set.usages.count else {
        current.append(contentsOf: plans)
        continue
      }
      work.tasks.append(
        ExecutionGroupTask(
          groups: groups, path: path, parentType: parentType, source: source, plans: plans, usageSet: set))
    }
    return (current, work)
  }

  /// An object's selection set in an incremental execution: its fields for this unit, the
  /// deferred ones recorded as work once these are written.
  func writeIncrementalObject(
    _ plan: FieldPlan, _ objectType: GraphQLObjectType, _ value: any Sendable, _ state: IncrementalState,
    into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    let key = IncrementalState.LevelKey(plan: ObjectIdentifier(plan), type: ObjectIdentifier(objectType))
    let level: IncrementalState.CollectedLevel
    if let known = state.levels[key] {
      level = known
    } else {
      let usages = state.nodeUsages[ObjectIdentifier(plan)]
      var selectionSets: [(SelectionSet, DeferUsage?)] = []
      for (index, node) in plan.fieldNodes.enumerated() {
        if let selectionSet = node.selectionSet {
          selectionSets.append((selectionSet, usages?[index] ?? nil))
        }
      }
      level = incrementalLevel(objectType, selectionSets, state)
      state.levels[key] = level
    }
    let (plans, work) = planIncremental(level, at: path, parentType: objectType, source: value, state)
    let fields = ObjectFields(value, needsMembers: ObjectFields.needed(by: plans))
    do {
      try writeSelectionSet(plans, source: value, fields: fields, into: &writer)
    } catch {
      throw resuming(error) { (_: Bool, _: inout JSONByteWriter) throws(FieldFailure) -> Bool in
        state.commit(work)
        return false
      }
    }
    state.commit(work)
  }

  /// A field's `@stream` as graphql-js 17 reads it: nil without one or with `if: false`.
  /// - Throws: graphql-js's error for a negative or null `initialCount`.
  func streamUsage(_ plan: FieldPlan) throws(FieldFailure) -> (label: String?, initialCount: Int)? {
    guard let directive = plan.fieldNodes[0].directives.first(where: { $0.name.value == "stream" }) else {
      return nil
    }
    let arguments = directiveArguments(directive)
    if arguments["if"]?.boolValue == false { return nil }
    guard let initialCount = (arguments["initialCount"] ?? .int(0)).intValue, initialCount >= 0 else {
      throw FieldFailure(error: locatedError("initialCount must be a positive integer", plan: plan))
    }
    return (arguments["label"]?.stringValue, initialCount)
  }

  /// A streamed list's first `initialCount` items and closing bracket; the rest, when the list
  /// reaches that count, become an `ItemStream` (as graphql-js 17, which streams when its
  /// iteration reaches the index, so a list of exactly `initialCount` items still announces one).
  func writeStreamedItems(
    _ elements: [any Sendable], _ stream: (label: String?, initialCount: Int), itemType: OutputType,
    plan: FieldPlan, _ state: IncrementalState, into writer: inout JSONByteWriter
  ) throws(FieldFailure) {
    guard stream.initialCount <= elements.count else {
      return try writeItems(elements, from: 0, itemType: itemType, plan: plan, into: &writer)
    }
    let itemStream = ItemStream(
      path: path, label: stream.label, items: Array(elements[stream.initialCount...]),
      firstIndex: stream.initialCount, itemType: itemType, plan: streamPlan(plan, state))
    do {
      try writeItems(
        Array(elements.prefix(stream.initialCount)), from: 0, itemType: itemType, plan: plan, into: &writer)
    } catch {
      throw resuming(error) { (_: Bool, _: inout JSONByteWriter) throws(FieldFailure) -> Bool in
        state.work.streams.append(itemStream)
        return false
      }
    }
    state.work.streams.append(itemStream)
  }

  /// `plan` with its nodes' defer usages cleared: graphql-js 17 completes streamed items as new
  /// roots, outside any deferred fragment.
  private func streamPlan(_ plan: FieldPlan, _ state: IncrementalState) -> FieldPlan {
    if let known = state.streamPlans[ObjectIdentifier(plan)] { return known }
    let copy = makePlan(plan.parentType, plan.responseKey, plan.fieldNodes) ?? plan
    state.nodeUsages[ObjectIdentifier(copy)] = plan.fieldNodes.map { _ in nil }
    state.plans.append(copy)
    state.streamPlans[ObjectIdentifier(plan)] = copy
    return copy
  }
}
