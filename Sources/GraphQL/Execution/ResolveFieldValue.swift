/// Spec 6.4.2 ResolveFieldValue for the synchronous executor (`ExecuteSync.swift`), and the error for a
/// missing root type, which both executors use.
extension ExecutionContext {
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

  /// graphql-js's error for an operation type the schema has no root type for.
  func missingRootTypeError() -> GraphQLError {
    GraphQLError(
      "Schema is not configured to execute \(operation.operation.rawValue) operation.", source: source,
      ranges: [operation.range])
  }
}
