import GraphQLWire

/// The response path of the field an execution is running, as the executor keeps it: a step is
/// pushed and popped for every field and list item, so a step is two words and no reference
/// count (a field's step is its plan, unretained: the plan outlives its field's execution, since
/// whoever pushes it holds it until the matching pop). The path as `[PathComponent]` is built only
/// when something reads it (a located error, a resolver's `info`, an incremental unit), and what
/// was built is kept for the next read, so a reader at every field (the generic executor's
/// `ResolveInfo`) builds only the steps that changed since the last one.
///
/// Not thread-safe: it belongs to one `ExecutionContext` (see its `pathStorage`).
struct ResponsePath: ~Copyable {
  /// One step: a field (its plan, for the response key) or a list index.
  enum Step {
    case field(Unmanaged<FieldPlan>)
    case index(Int)

    var component: PathComponent {
      switch self {
      case .field(let plan): .key(plan.takeUnretainedValue().responseKey)
      case .index(let index): .index(index)
      }
    }
  }

  private var steps: UnsafeMutablePointer<Step>
  private var capacity: Int
  /// The steps pushed and not yet popped.
  private(set) var depth = 0
  /// Where the steps start: empty, or an incremental unit's path (`replace(with:)`).
  private var base: [PathComponent] = []
  /// `base` and the components of the first `builtSteps` steps, as the last read built them
  /// (the array may hold more, of steps popped since: cut at the next read).
  private var built: [PathComponent] = []
  private var builtSteps = 0

  init() {
    capacity = 16
    steps = .allocate(capacity: capacity)
  }

  deinit { steps.deallocate() }

  @inline(__always)
  mutating func push(_ step: Step) {
    if depth == capacity { grow() }
    (steps + depth).initialize(to: step)
    depth &+= 1
  }

  @inline(__always)
  mutating func pop() {
    precondition(depth > 0, "popping an empty response path")
    depth &-= 1
    if builtSteps > depth { builtSteps = depth }
  }

  /// Starts over at `path` (an incremental unit's).
  mutating func replace(with path: [PathComponent]) {
    base = path
    built = path
    builtSteps = 0
    depth = 0
  }

  mutating func components() -> [PathComponent] {
    let valid = base.count + builtSteps
    if built.count > valid { built.removeSubrange(valid...) }
    while builtSteps < depth {
      built.append(steps[builtSteps].component)
      builtSteps += 1
    }
    return built
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<Step>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: steps, count: depth)
    steps.deallocate()
    steps = larger
    capacity *= 2
  }
}
