import GraphQLWire

/// graphql-js 17's `WorkQueue` (as graphql-core 3.3 ports it): the dependency graph of deferred
/// fragments, their execution groups and streams, which starts an execution group once one of its
/// fragments is announced, finishes a fragment when all its groups are done (announcing its
/// children), drops failed subtrees, and turns all this into batches of events, one batch per
/// payload.
///
/// Synchronous: `IncrementalExecution` runs the tasks and streams it asks for and hands the
/// results back, in the order graphql-core's event loop delivers them when every resolver answers
/// at once.
final class IncrementalWorkQueue {
  /// What happened to the graph, in delivery order.
  enum Event {
    case groupValues(DeliveryGroup, [ExecutionGroupValue])
    case groupSuccess(DeliveryGroup, newGroups: [DeliveryGroup], newStreams: [ItemStream])
    case groupFailure(DeliveryGroup, GraphQLError)
    case streamValues(ItemStream, [StreamItemValue], newGroups: [DeliveryGroup], newStreams: [ItemStream])
    case streamSuccess(ItemStream)
    case streamFailure(ItemStream, GraphQLError)
    case termination
  }

  /// Work for the executor, and its results, in the order they happen.
  enum GraphEvent {
    case run(ExecutionGroupTask)
    case taskSuccess(ExecutionGroupTask, ExecutionGroupValue, IncrementalWork)
    case taskFailure(ExecutionGroupTask, GraphQLError)
    case streamItems(ItemStream, [(StreamItemValue, IncrementalWork)], stopped: Bool)
    case streamSuccess(ItemStream)
    case streamFailure(ItemStream, GraphQLError)
  }

  private(set) var rootGroups: [DeliveryGroup] = []
  private(set) var rootStreams: [ItemStream] = []
  /// Graph events not yet handled (graphql-core's channel).
  var channel: [GraphEvent] = []
  private var channelStart = 0
  private(set) var isStopped = false

  let initialGroups: [DeliveryGroup]
  let initialStreams: [ItemStream]

  init(initial work: IncrementalWork) {
    let (newGroups, newStreams) = Self.integrate(work, parentTask: nil, into: nil)
    let groups = Self.pruneEmpty(newGroups)
    for group in groups { group.isRoot = true }
    for stream in newStreams { stream.isRoot = true }
    rootGroups = groups
    rootStreams = newStreams
    initialGroups = groups
    initialStreams = newStreams
  }

  var isEmpty: Bool { rootGroups.isEmpty && rootStreams.isEmpty }

  /// Starts the initial groups' tasks (graphql-core does on the first iteration).
  func start() {
    for group in rootGroups { startGroup(group) }
  }

  func nextGraphEvent() -> GraphEvent? {
    guard channelStart < channel.count else {
      channel.removeAll(keepingCapacity: true)
      channelStart = 0
      return nil
    }
    defer { channelStart += 1 }
    return channel[channelStart]
  }

  /// Root streams not pumped yet, in start order.
  func streamsToPump() -> [ItemStream] { rootStreams.filter { !$0.isPumped } }

  /// graphql-core's `_handle_graph_event` for a result.
  func handle(_ event: GraphEvent) -> [Event] {
    switch event {
    case .run: return []
    case .taskSuccess(let task, let value, let work): return taskSuccess(task, value, work)
    case .taskFailure(let task, let error): return taskFailure(task, error)
    case .streamItems(let stream, let items, let stopped): return streamItems(stream, items, stopped: stopped)
    case .streamSuccess(let stream):
      guard let index = rootStreams.firstIndex(where: { $0 === stream }) else { return [] }
      rootStreams.remove(at: index)
      return [.streamSuccess(stream)]
    case .streamFailure(let stream, let error):
      rootStreams.removeAll { $0 === stream }
      return [.streamFailure(stream, error)]
    }
  }

  /// The termination event when nothing is left (ends the batch that emptied the graph).
  func terminationIfDone() -> Event? {
    guard !isStopped, isEmpty else { return nil }
    isStopped = true
    return .termination
  }

  // MARK: - Integrating work

  /// Adds `work`'s groups (parents first), tasks and streams; returns the new root groups and the
  /// streams that are roots (those of no task).
  private static func integrate(
    _ work: IncrementalWork, parentTask: ExecutionGroupTask?, into queue: IncrementalWorkQueue?
  )
    -> ([DeliveryGroup], [ItemStream])
  {
    var newRoots: [DeliveryGroup] = []
    var visited: Set<ObjectIdentifier> = []
    let groupSet = Set(work.groups.map(ObjectIdentifier.init))
    func add(_ group: DeliveryGroup) {
      guard visited.insert(ObjectIdentifier(group)).inserted else { return }
      if let parent = group.parent {
        if groupSet.contains(ObjectIdentifier(parent)) { add(parent) }
        // Children of removed parents are dropped.
        guard parent.isKnown else { return }
      }
      group.isKnown = true
      if parentTask == nil, group.parent == nil {
        newRoots.append(group)
      } else if let parent = group.parent {
        parent.children.append(group)
      }
    }
    for group in work.groups { add(group) }
    for task in work.tasks { queue?.addTask(task) ?? addTaskToKnownGroups(task) }
    if let parentTask {
      parentTask.childStreams.append(contentsOf: work.streams)
      return (newRoots, [])
    }
    return (newRoots, work.streams)
  }

  /// `_add_task` before the queue exists (initial work: no group is a root yet).
  private static func addTaskToKnownGroups(_ task: ExecutionGroupTask) {
    for group in task.groups where group.isKnown {
      group.tasks.append(task)
      group.pending += 1
    }
  }

  private func addTask(_ task: ExecutionGroupTask) {
    for group in task.groups where group.isKnown {
      group.tasks.append(task)
      group.pending += 1
      if group.isRoot { startTask(task) }
    }
  }

  /// Drops groups without tasks, promoting their children (graphql-core's `_prune_empty_groups`).
  private static func pruneEmpty(_ groups: [DeliveryGroup]) -> [DeliveryGroup] {
    var kept: [DeliveryGroup] = []
    func prune(_ groups: [DeliveryGroup]) {
      for group in groups where group.isKnown {
        if !group.tasks.isEmpty {
          kept.append(group)
        } else {
          group.isKnown = false
          prune(group.children)
        }
      }
    }
    prune(groups)
    return kept
  }

  // MARK: - Starting work

  private func startGroup(_ group: DeliveryGroup) {
    guard group.isKnown else { return }
    for task in group.tasks { startTask(task) }
  }

  private func startTask(_ task: ExecutionGroupTask) {
    guard !task.isStarted else { return }
    task.isStarted = true
    channel.append(.run(task))
  }

  /// Makes new groups and streams roots and starts them; returns the events of groups that
  /// finish at once.
  private func startNewWork(_ newGroups: [DeliveryGroup], _ newStreams: [ItemStream]) -> [Event] {
    var events: [Event] = []
    var groupsToStart = newGroups
    var streamsToStart = newStreams
    var index = 0
    while index < groupsToStart.count {
      let group = groupsToStart[index]
      index += 1
      group.isRoot = true
      rootGroups.append(group)
      startGroup(group)
      maybeFinish(group, &events, &groupsToStart, &streamsToStart)
    }
    for stream in streamsToStart {
      stream.isRoot = true
      rootStreams.append(stream)
    }
    return events
  }

  // MARK: - Results

  private func taskSuccess(_ task: ExecutionGroupTask, _ value: ExecutionGroupValue, _ work: IncrementalWork)
    -> [Event]
  {
    guard !task.isRemoved else { return [] }
    task.value = value
    _ = Self.integrate(work, parentTask: task, into: self)
    var events: [Event] = []
    var newGroups: [DeliveryGroup] = []
    var newStreams: [ItemStream] = []
    for group in task.groups where group.isKnown {
      group.pending -= 1
      maybeFinish(group, &events, &newGroups, &newStreams)
    }
    return events + startNewWork(newGroups, newStreams)
  }

  private func maybeFinish(
    _ group: DeliveryGroup, _ events: inout [Event], _ newGroups: inout [DeliveryGroup],
    _ newStreams: inout [ItemStream]
  ) {
    guard group.isRoot, group.isKnown, group.pending == 0 else { return }
    group.isKnown = false
    var values: [ExecutionGroupValue] = []
    var streams: [ItemStream] = []
    for task in group.tasks {
      if let value = task.value { values.append(value) }
      streams.append(contentsOf: task.childStreams)
      remove(task)
    }
    let children = Self.pruneEmpty(group.children)
    group.isRoot = false
    rootGroups.removeAll { $0 === group }
    if !values.isEmpty { events.append(.groupValues(group, values)) }
    events.append(.groupSuccess(group, newGroups: children, newStreams: streams))
    newGroups.append(contentsOf: children)
    newStreams.append(contentsOf: streams)
  }

  private func taskFailure(_ task: ExecutionGroupTask, _ error: GraphQLError) -> [Event] {
    guard !task.isRemoved else { return [] }
    var events: [Event] = []
    for group in task.groups where group.isKnown && group.isRoot {
      removeGroup(group)
      events.append(.groupFailure(group, error))
    }
    return events
  }

  private func streamItems(_ stream: ItemStream, _ items: [(StreamItemValue, IncrementalWork)], stopped: Bool)
    -> [Event]
  {
    var values: [StreamItemValue] = []
    var newGroups: [DeliveryGroup] = []
    var newStreams: [ItemStream] = []
    for (value, work) in items {
      let (itemGroups, itemStreams) = Self.integrate(work, parentTask: nil, into: self)
      let nonEmpty = Self.pruneEmpty(itemGroups)
      _ = startNewWork(nonEmpty, itemStreams)
      values.append(value)
      newGroups.append(contentsOf: nonEmpty)
      newStreams.append(contentsOf: itemStreams)
    }
    var events: [Event] = [.streamValues(stream, values, newGroups: newGroups, newStreams: newStreams)]
    if stopped {
      rootStreams.removeAll { $0 === stream }
      events.append(.streamSuccess(stream))
    }
    return events
  }

  private func removeGroup(_ group: DeliveryGroup) {
    group.isRoot = false
    rootGroups.removeAll { $0 === group }
    group.isKnown = false
    for task in group.tasks where task.groups.allSatisfy({ !$0.isKnown }) { remove(task) }
    for child in group.children where child.isKnown { removeGroup(child) }
  }

  private func remove(_ task: ExecutionGroupTask) {
    task.isRemoved = true
    for group in task.groups { group.tasks.removeAll { $0 === task } }
  }
}
