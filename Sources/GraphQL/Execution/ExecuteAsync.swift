/// The asynchronous executor: the same algorithm as `ExecuteSync.swift`, able to await `.async`
/// resolvers (`.sync` ones are still called directly). Fields run one at a time in document order,
/// which is what the spec requires for mutations and allowed for queries.
extension ExecutionContext {
  /// Spec 6.2.1 ExecuteQuery / 6.2.2 ExecuteMutation.
  func executeOperationAsync() async -> ExecutionResult {
    guard let rootType = schema.rootType(for: operation.operation) else {
      return ExecutionResult(data: .null, errors: [missingRootTypeError()])
    }
    let plans = rootPlans(rootType: rootType)
    do {
      let data = try await executeSelectionSetAsync(
        plans, objectType: rootType, source: rootValue, fields: ObjectFields(rootValue))
      return ExecutionResult(data: .object(data), errors: finalErrors)
    } catch {
      errors.append(error.error)
      return ExecutionResult(data: .null, errors: finalErrors)
    }
  }

  /// Spec 6.3 ExecuteSelectionSet.
  func executeSelectionSetAsync(
    _ plans: [FieldPlan], objectType: GraphQLObjectType, source: (any Sendable)?,
    fields: ObjectFields
  ) async throws(FieldFailure) -> JSONObject {
    var result = JSONObject()
    result.reserveCapacity(plans.count)
    for plan in plans {
      // The size of a value tree is not known as it grows: this path bounds time only.
      try checkLimits(written: 0)
      pushPath(.key(plan.responseKey))
      defer { popPath() }
      result.appendUnchecked(
        plan.responseKey, try await executeFieldAsync(plan, source: source, fields: fields))
    }
    return result
  }

  /// Spec 6.4 ExecuteField.
  func executeFieldAsync(
    _ plan: FieldPlan, source: (any Sendable)?, fields: ObjectFields
  ) async throws(FieldFailure)
    -> JSON
  {
    if plan.isTypename { return .string(plan.parentType.name) }
    let resolved: (any Sendable)?
    do {
      resolved = try await resolveFieldValueAsync(plan, source: source, fields: fields)
    } catch {
      return try handleFieldError(locatedError(error, plan: plan), type: plan.outputType)
    }
    do {
      return try await completeValueAsync(plan.outputType, resolved, plan: plan)
    } catch {
      return try handleFieldError(error.error, type: plan.outputType)
    }
  }

  /// Spec 6.4.2 ResolveFieldValue.
  func resolveFieldValueAsync(
    _ plan: FieldPlan, source: (any Sendable)?, fields: ObjectFields
  ) async throws -> (
    any Sendable
  )? {
    guard let resolution = plan.resolution else {
      return fields.value(plan.definition.name)
    }
    let arguments = try arguments(plan, resolution)
    switch resolution.resolver {
    case .sync(let resolve):
      return try resolve(source, arguments, contextBox, resolveInfo(resolution))
    case .async(let resolve):
      return try await resolve(source, arguments, contextBox, resolveInfo(resolution))
    }
  }

  /// Spec 6.4.3 CompleteValue.
  func completeValueAsync(
    _ type: OutputType, _ value: (any Sendable)?, plan: FieldPlan
  ) async throws(FieldFailure) -> JSON {
    if case .nonNull(let inner) = type {
      let completed = try await completeValueAsync(inner, value, plan: plan)
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
        try await executeSelectionSetAsync(plans, objectType: objectType, source: value, fields: fields))
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
          completed.append(try await completeValueAsync(itemType, element, plan: plan))
        } catch {
          completed.append(try handleFieldError(error.error, type: itemType))
        }
      }
      return .array(completed)
    case .abstract(let abstractName):
      let objectType = try resolveAbstractType(abstractName, value, plan: plan)
      let plans = plan.subplans(for: objectType, in: self)
      return .object(
        try await executeSelectionSetAsync(
          plans, objectType: objectType, source: value, fields: ObjectFields(value)))
    default:
      return try completeLeaf(type, value, plan: plan)
    }
  }
}
