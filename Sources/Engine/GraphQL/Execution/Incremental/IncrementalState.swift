import GraphQLWire

/// What an incremental execution keeps besides the ordinary executor's state: the plans it made
/// with their nodes' defer usages, the deferred fragments created at each position, and the
/// current unit's usage set, work and nulled positions. Touched only by the task running the
/// execution (as `ExecutionContext`).
final class IncrementalState {
  /// Each plan's nodes' defer usages, parallel to `fieldNodes`.
  var nodeUsages: [ObjectIdentifier: [DeferUsage?]] = [:]
  /// Keeps the plans keyed above alive (so their identifiers stay theirs).
  var plans: [FieldPlan] = []
  /// Collected sub-selections by plan and object type.
  var levels: [LevelKey: CollectedLevel] = [:]
  /// Plans of streamed fields with their defer usages cleared, by plan.
  var streamPlans: [ObjectIdentifier: FieldPlan] = [:]
  /// The deferred fragments visible from each position that started some (graphql-js's
  /// delivery group map; a position's map holds its ancestors' too).
  var groupMaps: [[PathComponent]: [ObjectIdentifier: DeliveryGroup]] = [:]
  /// The defer usages of the execution group being run; nil for the initial result and stream
  /// items.
  var usageSet: DeferUsageSet?
  /// The work the current unit produced.
  var work = IncrementalWork()
  /// Positions the current unit set to null because of an error.
  var nulledPositions: Set<[PathComponent]> = []

  struct LevelKey: Hashable {
    let plan: ObjectIdentifier
    let type: ObjectIdentifier
  }

  /// A selection set's fields, planned, with their nodes' usages and the `@defer`s met.
  struct CollectedLevel {
    let plans: [FieldPlan]
    let usages: [[DeferUsage?]]
    let newUsages: [DeferUsage]
  }

  /// Adds work that a selection set planned, once its fields are written.
  func commit(_ planned: IncrementalWork) {
    work.groups.append(contentsOf: planned.groups)
    work.tasks.append(contentsOf: planned.tasks)
  }

  /// Starts a unit: no work, no nulled positions.
  func beginUnit(usageSet: DeferUsageSet?) {
    self.usageSet = usageSet
    work = IncrementalWork()
    nulledPositions = []
  }

  /// The unit's work without the tasks and streams below a position it nulled (graphql-js's
  /// `getIncrementalWork`).
  func finishUnit() -> IncrementalWork {
    var finished = work
    work = IncrementalWork()
    if !nulledPositions.isEmpty {
      finished.tasks.removeAll { isNulled($0.path) }
      finished.streams.removeAll { isNulled($0.path) }
    }
    nulledPositions = []
    return finished
  }

  private func isNulled(_ path: [PathComponent]) -> Bool {
    for length in stride(from: path.count, through: 0, by: -1)
    where nulledPositions.contains(Array(path.prefix(length))) {
      return true
    }
    return false
  }

  /// The delivery group map in effect at `path`.
  func groupMap(at path: [PathComponent]) -> [ObjectIdentifier: DeliveryGroup] {
    for length in stride(from: path.count, through: 0, by: -1) {
      if let map = groupMaps[Array(path.prefix(length))] { return map }
    }
    return [:]
  }
}
