@_spi(Encoding) import GraphQLWire

/// Selection writers generated from a schema (`rocket-codegen --resolvers`,
/// `makeTypedRootWriters(...)`): for each root type, a function that writes the operation's root
/// selection set through typed resolvers, completing and serializing every field of a typed parent
/// itself (leaves written straight to the response bytes, lists iterated without boxing). The
/// executor calls them instead of its generic field loop when the execution cannot suspend; the
/// generic loop still runs schemas without them, executions that may await `.async` resolvers,
/// and every field a writer hands back
/// (`__typename`, introspection, results the generator leaves untyped).
public struct TypedRootWriters: Sendable {
  /// Writes a root type's selection set: the plans of the operation's root fields, the execution.
  public typealias Root =
    @Sendable (_ plans: [FieldPlan], _ execution: TypedExecution) throws(FieldFailure) -> Void

  let roots: [String: Root]
  /// Each object type's field ordinals (the order of the generated writer's `switch`).
  let ordinals: [String: [String: Int]]

  /// - Parameters:
  ///   - roots: the writer of each root type's selection set, by type name.
  ///   - fields: each object type's field names, in the order the writers number them.
  public init(roots: [String: Root], fields: [String: [String]]) {
    self.roots = roots
    self.ordinals = fields.mapValues { names in
      Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The ordinal of a field in its type's generated writer, or -1 when no writer numbers it.
  func ordinal(typeName: String, fieldName: String) -> Int {
    ordinals[typeName]?[fieldName] ?? -1
  }
}

/// The executor as generated selection writers see it: one execution and the response it writes.
/// Every step keeps the generic executor's semantics (`Executor.swift`): response limits checked
/// before each field, the response path pushed and popped, field errors located and propagated to
/// the nearest nullable position, whose partial output becomes `null`.
///
/// Valid only during the writer's call (it points at the executor's output buffer).
public struct TypedExecution {
  @usableFromInline let context: ExecutionContext
  let output: UnsafeMutablePointer<JSONByteWriter>

  /// The root fields' source (nil unless the caller gave one).
  public var rootValue: (any Sendable)? { context.rootValue }

  /// The request's context, of the type the executable schema was built for.
  public func context<Context: Sendable>(as type: Context.Type) -> Context {
    ContextBox<Context>.unbox(context.contextBox)
  }

  /// Writes `{`.
  public func beginObject() { output.pointee.write(UInt8(ascii: "{")) }

  /// Writes `}`.
  public func endObject() { output.pointee.write(UInt8(ascii: "}")) }

  /// Calls `body` with each of `plans` and its position, in order. The plans are lent without
  /// reference counting, the caller's array holding them for the whole call: the plans of a cached
  /// document are shared by every request, and retaining each at every field made the threads
  /// answering at once bounce its reference count between their CPUs.
  @inlinable @inline(__always)
  public func forEachField(
    of plans: [FieldPlan], _ body: (_ position: Int, _ plan: FieldPlan) throws(FieldFailure) -> Void
  ) throws(FieldFailure) {
    try plans.withUnsafeBufferPointer { (buffer) throws(FieldFailure) in
      guard let base = buffer.baseAddress else { return }
      let raw = UnsafeRawPointer(base)
      let stride = MemoryLayout<Unmanaged<FieldPlan>>.stride
      for position in 0..<buffer.count {
        let plan = raw.load(fromByteOffset: position &* stride, as: Unmanaged<FieldPlan>.self)
        let outcome: Result<Void, FieldFailure> = plan._withUnsafeGuaranteedRef { plan in
          Result { () throws(FieldFailure) in try body(position, plan) }
        }
        try outcome.get()
      }
    }
  }

  /// Starts the field `plan`, the `position`th of its selection set: checks the limits, writes the
  /// response key, pushes it on the path (`endField` pops it).
  /// - Returns: where the field's value starts, for `fieldFailed`.
  public func beginField(_ plan: FieldPlan, at position: Int) throws(FieldFailure) -> Int {
    try context.checkLimits(written: output.pointee.count)
    plan.writeKey(first: position == 0, into: &output.pointee)
    context.pushPath(field: plan)
    return output.pointee.count
  }

  /// Ends the field `beginField` started.
  public func endField() { context.popPath() }

  /// The field's coerced arguments.
  public func arguments(_ plan: FieldPlan) throws(GraphQLError) -> JSONObject {
    guard let resolution = plan.resolution else { return JSONObject() }
    return try context.arguments(plan, resolution)
  }

  /// What a resolver of the field `plan` receives as `info`, at the current path of `context`.
  static func info(_ plan: FieldPlan, in context: ExecutionContext) -> ResolveInfo {
    guard let resolution = plan.resolution else {
      return ResolveInfo(
        fieldName: plan.definition.name, parentTypeName: plan.parentType.name,
        returnType: plan.definition.type, path: context.path, fieldNodes: plan.fieldNodes,
        schema: context.schema, operation: context.operation, variables: context.variables)
    }
    return context.resolveInfo(resolution)
  }

  /// A resolver's error as the field's error, located at the field and the current path.
  public func resolverFailure(_ error: any Error, _ plan: FieldPlan) -> FieldFailure {
    FieldFailure(error: context.locatedError(error, plan: plan))
  }

  /// Spec 6.4.4 for the field `plan` whose value started at `start`: a nullable field records the
  /// error and becomes `null`, a non-null one passes it up.
  public func fieldFailed(_ failure: FieldFailure, _ plan: FieldPlan, start: Int) throws(FieldFailure) {
    // Generated writers run only executions that cannot suspend: a failure is an error.
    guard case .error(let error) = failure.reason else { throw failure }
    _ = try context.handleFieldError(error, type: plan.outputType)
    output.pointee.truncate(to: start)
    output.pointee.write("null")
  }

  /// A null value of the field: `null`, or the non-null violation.
  public func writeNull(_ plan: FieldPlan) throws(FieldFailure) {
    if case .nonNull = plan.outputType { throw context.nonNullViolation(plan) }
    output.pointee.write("null")
  }

  /// A `String` or `ID` value.
  public func write(_ value: String, _ plan: FieldPlan) {
    JSONWriter.writeString(value, to: &output.pointee)
  }

  /// A nullable `String` or `ID` value.
  public func write(_ value: String?, _ plan: FieldPlan) throws(FieldFailure) {
    guard let value else { return try writeNull(plan) }
    JSONWriter.writeString(value, to: &output.pointee)
  }

  /// A `Boolean` value.
  public func write(_ value: Bool, _ plan: FieldPlan) {
    output.pointee.write(value ? "true" : "false")
  }

  /// A nullable `Boolean` value.
  public func write(_ value: Bool?, _ plan: FieldPlan) throws(FieldFailure) {
    guard let value else { return try writeNull(plan) }
    output.pointee.write(value ? "true" : "false")
  }

  /// An `Int` value (one outside 32 bits is the scalar's serialization error).
  public func write(_ value: Int?, _ plan: FieldPlan) throws(FieldFailure) {
    guard let value else { return try writeNull(plan) }
    guard value >= -2_147_483_648 && value <= 2_147_483_647 else { return try writeValue(value, plan) }
    JSONWriter.writeInt(value, to: &output.pointee)
  }

  /// A `Float` value (a non-finite one is the scalar's serialization error).
  public func write(_ value: Double?, _ plan: FieldPlan) throws(FieldFailure) {
    guard let value else { return try writeNull(plan) }
    guard value.isFinite else { return try writeValue(value, plan) }
    JSON.double(value).encode(into: &output.pointee)
  }

  /// Any other value, completed by the generic executor (enums, custom scalars, abstract types,
  /// lists of leaves).
  public func writeValue(_ value: (any Sendable)?, _ plan: FieldPlan) throws(FieldFailure) {
    _ = try context.writeValue(plan.outputType, value, plan: plan, into: &output.pointee)
  }

  /// The field's sub-selection for its object type (a list's items share it).
  public func subplans(_ plan: FieldPlan) -> [FieldPlan] {
    guard let objectType = plan.outputType.objectType else { return [] }
    return plan.subplans(for: objectType, in: context)
  }

  /// Writes `[`.
  public func beginList() { output.pointee.write(UInt8(ascii: "[")) }

  /// Starts item `index` of a list: the comma, and the index on the path (`endItem` pops it).
  /// - Returns: where the item starts, for `itemFailed`.
  public func beginItem(_ index: Int) -> Int {
    if index > 0 { output.pointee.write(UInt8(ascii: ",")) }
    context.pushPath(index: index)
    return output.pointee.count
  }

  /// Ends the item `beginItem` started.
  public func endItem() { context.popPath() }

  /// Spec 6.4.4 for a list item of the field `plan` that started at `start`.
  public func itemFailed(_ failure: FieldFailure, _ plan: FieldPlan, start: Int) throws(FieldFailure) {
    guard case .error(let error) = failure.reason else { throw failure }
    _ = try context.handleFieldError(error, type: plan.outputType.itemType ?? plan.outputType)
    output.pointee.truncate(to: start)
    output.pointee.write("null")
  }

  /// Writes `]`.
  public func endList() { output.pointee.write(UInt8(ascii: "]")) }

  /// A field the generated writer does not number (`__typename`, `__schema`, `__type`), run by the
  /// generic executor against `source`.
  public func writeUntypedField(_ plan: FieldPlan, source: (any Sendable)?) throws(FieldFailure) {
    let fields = ObjectFields(source, needsMembers: plan.resolution == nil && !plan.isTypename)
    try context.writeField(plan, source: source, fields: fields, into: &output.pointee)
  }
}

extension OutputType {
  /// The object type of a field of this type (through non-null and list wrappers), if it is one.
  var objectType: GraphQLObjectType? {
    switch self {
    case .nonNull(let inner), .list(let inner): inner.objectType
    case .object(let object): object
    default: nil
    }
  }

  /// The item type of a (possibly non-null) list type.
  var itemType: OutputType? {
    switch self {
    case .nonNull(let inner): inner.itemType
    case .list(let item): item
    default: nil
    }
  }
}
