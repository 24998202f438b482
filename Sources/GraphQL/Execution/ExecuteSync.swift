/// The synchronous executor: spec section 6 run on the calling thread without any Swift
/// concurrency, for schemas whose resolvers are all `.sync` (the HTTP server calls it from plain
/// libmicrohttpd threads). Meeting an `.async` resolver is a field error.
///
/// `ExecuteAsync.swift` mirrors these functions one for one; a change here belongs there too.
extension ExecutionContext {
  /// Spec 6.2.1 ExecuteQuery / 6.2.2 ExecuteMutation: the root selection set, fields in order
  /// (mutation fields strictly one after another).
  func executeOperationSync() -> ExecutionResult {
    guard let rootType = schema.rootType(for: operation.operation) else {
      return ExecutionResult(data: .null, errors: [missingRootTypeError()])
    }
    let plans = rootPlans(rootType: rootType)
    do {
      let data = try executeSelectionSetSync(
        plans, objectType: rootType, source: rootValue, fields: ObjectFields(rootValue))
      return ExecutionResult(data: .object(data), errors: errors)
    } catch {
      errors.append(error.error)
      return ExecutionResult(data: .null, errors: errors)
    }
  }

  /// Spec 6.3 ExecuteSelectionSet: each planned field's value under its response key.
  func executeSelectionSetSync(
    _ plans: [FieldPlan], objectType: GraphQLObjectType, source: (any Sendable)?,
    fields: ObjectFields
  ) throws(FieldFailure) -> JSONObject {
    var result = JSONObject()
    result.reserveCapacity(plans.count)
    for plan in plans {
      pushPath(.key(plan.responseKey))
      defer { popPath() }
      result.appendUnchecked(plan.responseKey, try executeFieldSync(plan, source: source, fields: fields))
    }
    return result
  }

  /// Spec 6.4 ExecuteField: coerce arguments, resolve, complete; a field error becomes null or
  /// moves up (6.4.4).
  func executeFieldSync(
    _ plan: FieldPlan, source: (any Sendable)?, fields: ObjectFields
  ) throws(FieldFailure) -> JSON {
    if plan.isTypename { return .string(plan.parentType.name) }
    let resolved: (any Sendable)?
    do {
      resolved = try resolveFieldValueSync(plan, source: source, fields: fields)
    } catch {
      return try handleFieldError(locatedError(error, plan: plan), type: plan.outputType)
    }
    do {
      return try completeValueSync(plan.outputType, resolved, plan: plan)
    } catch {
      return try handleFieldError(error.error, type: plan.outputType)
    }
  }

  /// Spec 6.4.2 ResolveFieldValue.
  func resolveFieldValueSync(
    _ plan: FieldPlan, source: (any Sendable)?, fields: ObjectFields
  ) throws -> (any Sendable)? {
    guard let resolution = plan.resolution else {
      return fields.value(plan.definition.name)
    }
    let arguments = try arguments(plan, resolution)
    switch resolution.resolver {
    case .sync(let resolve):
      return try resolve(source, arguments, contextBox, resolveInfo(resolution))
    case .async:
      throw GraphQLError(
        "Field \"\(plan.parentType.name).\(plan.definition.name)\" has an async resolver, which the synchronous executor cannot run; use execute(...) async."
      )
    }
  }

  /// Spec 6.4.3 CompleteValue.
  func completeValueSync(
    _ type: OutputType, _ value: (any Sendable)?, plan: FieldPlan
  ) throws(FieldFailure) -> JSON {
    if case .nonNull(let inner) = type {
      let completed = try completeValueSync(inner, value, plan: plan)
      if completed.isNull { throw nonNullViolation(plan) }
      return completed
    }
    guard let value else { return .null }
    switch type {
    case .scalar(_, let builtIn?):
      if let serialized = builtIn.fastSerialize(value) { return serialized }
    case .object(let objectType):
      // Classifying the object first also proves most values non-null without another cast.
      let fields = ObjectFields(value)
      if case .opaque = fields, unwrapNull(value) == nil { return .null }
      let plans = plan.subplans(for: objectType, in: self)
      return .object(
        try executeSelectionSetSync(plans, objectType: objectType, source: value, fields: fields))
    default: break
    }
    guard let value = unwrapNull(value) else { return .null }
    switch type {
    case .list(let itemType):
      let elements = try listElements(value, plan: plan)
      var completed: [JSON] = []
      completed.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        pushPath(.index(index))
        defer { popPath() }
        do {
          completed.append(try completeValueSync(itemType, element, plan: plan))
        } catch {
          completed.append(try handleFieldError(error.error, type: itemType))
        }
      }
      return .array(completed)
    case .abstract(let abstractName):
      let objectType = try resolveAbstractType(abstractName, value, plan: plan)
      let plans = plan.subplans(for: objectType, in: self)
      return .object(
        try executeSelectionSetSync(plans, objectType: objectType, source: value, fields: ObjectFields(value))
      )
    default:
      return try completeLeaf(type, value, plan: plan)
    }
  }

  /// graphql-js's error for an operation type the schema has no root type for.
  func missingRootTypeError() -> GraphQLError {
    GraphQLError(
      "Schema is not configured to execute \(operation.operation.rawValue) operation.", source: source,
      ranges: [operation.range])
  }
}
