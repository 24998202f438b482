import GraphQLWire

/// The units of an incremental execution (graphql-js 17's incremental graph), created while
/// executing and delivered by `IncrementalWorkQueue`. Classes compared by identity, as there.

/// A deferred fragment at one position in the response (graphql-js 17's `DeliveryGroup`): what a
/// `pending` entry announces and a `completed` entry closes.
final class DeliveryGroup {
  let path: [PathComponent]
  let label: String?
  let parent: DeliveryGroup?
  // Scheduling state (graphql-js's group node), owned by the work queue.
  var isKnown = false
  var isRoot = false
  var tasks: [ExecutionGroupTask] = []
  var pending = 0
  var children: [DeliveryGroup] = []

  init(path: [PathComponent], label: String?, parent: DeliveryGroup?) {
    self.path = path
    self.label = label
    self.parent = parent
  }
}

/// The fields at one position that one set of deferred fragments delivers (graphql-js 17's
/// `ExecutionGroup`): run once, sent with whichever of its fragments completes first.
final class ExecutionGroupTask {
  let groups: [DeliveryGroup]
  let path: [PathComponent]
  let parentType: GraphQLObjectType
  let source: (any Sendable)?
  let plans: [FieldPlan]
  let usageSet: DeferUsageSet
  // Scheduling state (graphql-js's task node), owned by the work queue.
  var isStarted = false
  var value: ExecutionGroupValue?
  var childStreams: [ItemStream] = []
  var isRemoved = false

  init(
    groups: [DeliveryGroup], path: [PathComponent], parentType: GraphQLObjectType, source: (any Sendable)?,
    plans: [FieldPlan], usageSet: DeferUsageSet
  ) {
    self.groups = groups
    self.path = path
    self.parentType = parentType
    self.source = source
    self.plans = plans
    self.usageSet = usageSet
  }
}

/// The items of a `@stream` list after its `initialCount` (graphql-js 17's `ItemStream`).
final class ItemStream {
  let path: [PathComponent]
  let label: String?
  let items: [any Sendable]
  /// The index of `items[0]` in the list.
  let firstIndex: Int
  let itemType: OutputType
  /// The field's plan with its nodes' defer usages cleared (streamed items start afresh).
  let plan: FieldPlan
  var isRoot = false
  var isPumped = false

  init(
    path: [PathComponent], label: String?, items: [any Sendable], firstIndex: Int, itemType: OutputType,
    plan: FieldPlan
  ) {
    self.path = path
    self.label = label
    self.items = items
    self.firstIndex = firstIndex
    self.itemType = itemType
    self.plan = plan
  }
}

/// What one execution unit (the initial result, an execution group, a stream item) produced for
/// later: graphql-js 17's `Work`.
struct IncrementalWork {
  var groups: [DeliveryGroup] = []
  var tasks: [ExecutionGroupTask] = []
  var streams: [ItemStream] = []

  var isEmpty: Bool { groups.isEmpty && tasks.isEmpty && streams.isEmpty }
}

/// A finished execution group's data (JSON text of an object) and errors.
struct ExecutionGroupValue {
  let groups: [DeliveryGroup]
  let path: [PathComponent]
  let data: [UInt8]
  let errors: [GraphQLError]
}

/// A finished stream item's JSON text and errors.
struct StreamItemValue {
  let item: [UInt8]
  let errors: [GraphQLError]
}
