import GraphQLWire

/// Everything one execution of one operation needs (graphql-js `ExecutionContext`): the schema and
/// resolvers, the operation, its fragments and coerced variables, the caller's context, and the
/// mutable state of the run (errors so far, the current response path, the plans and arguments
/// that depend on this request's variables).
///
/// Not thread-safe and not `Sendable`: one execution runs its fields one at a time (root mutation
/// fields serially as the spec demands, and query fields in order too, across suspensions at
/// `.async` resolvers), so the state is only ever touched by the thread or task running that
/// execution.
///
/// Not generic: the caller's `Context` type is erased when the execution starts (resolvers get it
/// as a `ContextBox`, see `ErasedResolver`), so the hot path runs as plain code instead of unspecialized
/// generic code looking up type metadata at every step.
@usableFromInline
final class ExecutionContext {
  let schema: GraphQLSchema
  let source: Source?
  /// Keys the document's operations in memos (`OperationKey`).
  let documentIdentity: DocumentIdentity
  let operation: OperationDefinition
  let fragments: [String: FragmentDefinition]
  let variables: JSONObject
  let rootValue: (any Sendable)?
  /// What a field error does to the response (the request's `onError`).
  let errorMode: ErrorMode
  /// Field errors in the order they were raised.
  var errors: [GraphQLError] = []
  /// Whether an `.async` resolver may suspend this execution (`executeOperation() async`); when
  /// false it is a field error.
  var canSuspend = false
  /// The response path of the field being executed, pushed and popped for every field and list
  /// item (`ResponsePath`). It lives behind a pointer this context owns because a stored `var` of
  /// a class pays a dynamic exclusivity check on every access; accesses never overlap (push and
  /// pop are single calls, and only the thread or task running the execution makes them).
  private let pathStorage: UnsafeMutablePointer<ResponsePath>
  /// The schema's resolvers, `Context` erased.
  let resolvers: ErasedResolvers
  /// The caller's context, as erased resolvers receive it.
  let contextBox: AnyContextBox
  /// The part of every `ResolveInfo` that depends on the request.
  let requestInfo: ResolveInfo.Request
  /// Plans of sub-selections that a variable `@skip`/`@include` reaches, by plan and object type.
  private var requestSubplans: [RequestPlanKey: [FieldPlan]] = [:]
  /// The state of an incremental execution (`@defer`/`@stream` honoured), nil for ordinary ones:
  /// a `let`, so the executor's checks of it cost a load and no exclusivity check.
  let incremental: IncrementalState?
  /// Coerced arguments of fields whose arguments read variables, by plan.
  private var requestArguments: [ObjectIdentifier: Result<JSONObject, GraphQLError>] = [:]
  /// The response-size bound and deadline, if any.
  var limits: ExecutionLimits? {
    didSet {
      limitState.pointee = LimitState(
        active: limits != nil, maxBytes: limits?.maxResponseBytes ?? .max,
        hasDeadline: limits?.deadline != nil)
    }
  }
  /// Set once a limit is exceeded, or at the first field error when the mode is `.halt`: every
  /// field from then on fails with it, nullable or not, so the execution unwinds at once and the
  /// response is `data: null` with this one error.
  private(set) var limitError: GraphQLError? {
    didSet { limitState.pointee.exceeded = limitError != nil }
  }
  /// What `checkLimits` reads for every field, as plain values behind a pointer (as `pathStorage`,
  /// to skip the dynamic exclusivity checks of class properties; and `ExecutionLimits` holds the
  /// standard library's resilient clock types, each copy of which goes through value witnesses).
  private let limitState: UnsafeMutablePointer<LimitState>

  init<Context: Sendable>(
    executable: ExecutableSchema<Context>, document: Document, operation: OperationDefinition,
    variables: JSONObject, context: Context, rootValue: (any Sendable)?, errorMode: ErrorMode = .propagate,
    incremental: Bool = false
  ) {
    self.errorMode = errorMode
    self.incremental = incremental ? IncrementalState() : nil
    self.schema = executable.schema
    self.source = document.source
    self.documentIdentity = document.identity
    self.operation = operation
    var fragments: [String: FragmentDefinition] = [:]
    for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
      fragments[fragment.name.value] = fragment
    }
    self.fragments = fragments
    self.variables = variables
    self.rootValue = rootValue
    pathStorage = .allocate(capacity: 1)
    pathStorage.initialize(to: ResponsePath())
    limitState = .allocate(capacity: 1)
    limitState.initialize(to: LimitState(active: false, maxBytes: .max, hasDeadline: false))
    self.resolvers = executable.erasedResolvers
    self.contextBox = ContextBox(context)
    self.requestInfo = ResolveInfo.Request(operation: operation, variables: variables)
  }

  deinit {
    pathStorage.deinitialize(count: 1)
    pathStorage.deallocate()
    limitState.deallocate()
  }

  /// The response path of the field being executed, such as `launches.launches.3.site`.
  var path: [PathComponent] { pathStorage.pointee.components() }

  /// Enters the field `plan` (which the caller holds until the matching `popPath`).
  @inline(__always)
  func pushPath(field plan: FieldPlan) { pathStorage.pointee.push(.field(Unmanaged.passUnretained(plan))) }

  /// Enters the item `index` of a list.
  @inline(__always)
  func pushPath(index: Int) { pathStorage.pointee.push(.index(index)) }

  @inline(__always)
  func popPath() { pathStorage.pointee.pop() }

  /// Starts an incremental execution unit (an execution group, a stream item) at `path`.
  func replacePath(with path: [PathComponent]) { pathStorage.pointee.replace(with: path) }

  /// The schema's type resolver for an abstract type applied to a value: nil when the schema
  /// has none for that type, `.some(nil)` when it could not tell.
  func typeResolver(_ abstractTypeName: String, _ value: any Sendable) -> String?? {
    resolvers.typeResolvers[abstractTypeName].map { $0(value, contextBox) }
  }

  /// The coerced arguments of a field with a resolver: the plan's own when they read no variable,
  /// else coerced once for this request.
  func arguments(_ plan: FieldPlan, _ resolution: FieldPlan.Resolution) throws(GraphQLError) -> JSONObject {
    switch resolution.arguments {
    case .constant(let arguments): return arguments
    case .invalid(let error): throw error
    case .perRequest: break
    }
    let id = ObjectIdentifier(plan)
    if let coerced = requestArguments[id] { return try coerced.get() }
    let coerced = coerceArguments(plan.definition, plan.fieldNodes[0], parentType: plan.parentType.name)
    requestArguments[id] = coerced
    return try coerced.get()
  }

  /// The sub-plans of `plan` for an object type that this request planned itself.
  func requestSubplans(of plan: FieldPlan, for objectType: ObjectIdentifier) -> [FieldPlan]? {
    if requestSubplans.isEmpty { return nil }
    return requestSubplans[RequestPlanKey(plan: ObjectIdentifier(plan), objectType: objectType)]
  }

  /// Keeps sub-plans that depend on this request's variables for the rest of the request.
  func storeRequestSubplans(_ plans: [FieldPlan], of plan: FieldPlan, for objectType: ObjectIdentifier) {
    requestSubplans[RequestPlanKey(plan: ObjectIdentifier(plan), objectType: objectType)] = plans
  }

  /// The error for a field at the current path, located at the field's nodes.
  func locatedError(_ message: String, plan: FieldPlan, extensions: JSONObject? = nil)
    -> GraphQLError
  {
    GraphQLError(
      message, source: source, ranges: plan.fieldNodes.map(\.range), path: path, extensions: extensions)
  }

  /// A resolver's or coercion's error as a field error at the current path (graphql-js
  /// `locatedError`): a `GraphQLError` keeps its message and extensions, and one that already has a
  /// path is kept whole.
  func locatedError(_ error: any Error, plan: FieldPlan) -> GraphQLError {
    if var error = error as? GraphQLError {
      if error.path != nil { return error }
      // An error that knows its own nodes (such as a bad argument value) keeps them.
      if !error.locations.isEmpty {
        error.path = path
        return error
      }
      return locatedError(error.message, plan: plan, extensions: error.extensions)
    }
    return locatedError(String(describing: error), plan: plan)
  }

  /// Spec 6.4.4 "Handling Field Errors", as the request's `onError` asks: with `.propagate` a
  /// non-null position passes the error up to its parent and a nullable one records it and becomes
  /// null; with `.null` every position does the latter; with `.halt` the error stops the execution.
  func handleFieldError(_ error: GraphQLError, type: OutputType) throws(FieldFailure) -> JSON {
    if let limitError { throw FieldFailure(error: limitError) }
    switch errorMode {
    case .propagate: if case .nonNull = type { throw FieldFailure(error: error) }
    case .null: break
    case .halt:
      // The limits' per-field check then fails every field that starts later (the rest of a
      // suspended field, the next deferred fragment) with this error too.
      limitState.pointee.active = true
      limitError = error
      throw FieldFailure(error: error)
    }
    errors.append(error)
    return .null
  }

  /// Whether `.halt` stopped the execution at a field error.
  var isHalted: Bool { errorMode == .halt && limitError != nil }
}

extension ExecutionContext {
  /// Stops the execution when the response has `written` bytes more than its bound or the deadline
  /// has passed (the clock is read every 256 fields).
  @inline(__always)
  func checkLimits(written: Int) throws(FieldFailure) {
    let state = limitState
    guard state.pointee.active else { return }
    if !state.pointee.exceeded, written <= state.pointee.maxBytes {
      guard state.pointee.hasDeadline else { return }
      state.pointee.fieldsUntilClockCheck -= 1
      guard state.pointee.fieldsUntilClockCheck <= 0 else { return }
    }
    try checkLimitsOutOfLine(written: written)
  }

  /// The rest of `checkLimits` (a limit reached, or the clock due): out of line, so that the
  /// per-field path does not set up an `ExecutionLimits`, whose clock types are resilient (their
  /// metadata was looked up for every field).
  @inline(never)
  private func checkLimitsOutOfLine(written: Int) throws(FieldFailure) {
    let state = limitState
    if !state.pointee.exceeded {
      if written > state.pointee.maxBytes {
        limitError = RequestLimits.tooLarge(maxBytes: state.pointee.maxBytes)
      } else if state.pointee.hasDeadline {
        state.pointee.fieldsUntilClockCheck = 256
        if let limits, let deadline = limits.deadline, ContinuousClock.now >= deadline {
          limitError = RequestLimits.timedOut(limits.timeout)
        }
      }
    }
    if state.pointee.exceeded, let limitError { throw FieldFailure(error: limitError) }
  }

  /// The errors of a finished execution: just the limit's error when one stopped it.
  var finalErrors: [GraphQLError] { limitError.map { [$0] } ?? errors }
}

/// The limits as `checkLimits` reads them for every field.
struct LimitState {
  var active: Bool
  var maxBytes: Int
  var hasDeadline: Bool
  /// Fields left before the clock is read again (the first field reads it).
  var fieldsUntilClockCheck = 1
  var exceeded = false
}

/// A field plan's sub-selection for one runtime object type.
struct RequestPlanKey: Hashable {
  let plan: ObjectIdentifier
  let objectType: ObjectIdentifier
}
