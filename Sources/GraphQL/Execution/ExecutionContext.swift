/// Everything one execution of one operation needs (graphql-js `ExecutionContext`): the schema and
/// resolvers, the operation, its fragments and coerced variables, the caller's context, and the
/// mutable state of the run (errors so far, the current response path, memoized field plans).
///
/// Not thread-safe and not `Sendable`: one execution runs its fields one at a time (root mutation
/// fields serially as the spec demands, and query fields in order too), so the state is only ever
/// touched by the thread or task running that execution.
final class ExecutionContext<Context: Sendable> {
  let executable: ExecutableSchema<Context>
  let schema: GraphQLSchema
  let source: Source?
  let operation: OperationDefinition
  let fragments: [String: FragmentDefinition]
  let variables: JSONObject
  let context: Context
  let rootValue: (any Sendable)?
  /// Field errors in the order they were raised.
  var errors: [GraphQLError] = []
  /// The response path of the field being executed; pushed and popped as execution descends.
  var path: [PathComponent] = []
  private var introspection: IntrospectionRouting<Context>?

  init(
    executable: ExecutableSchema<Context>, document: Document, operation: OperationDefinition,
    variables: JSONObject, context: Context, rootValue: (any Sendable)?
  ) {
    self.executable = executable
    self.schema = executable.schema
    self.source = document.source
    self.operation = operation
    var fragments: [String: FragmentDefinition] = [:]
    for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
      fragments[fragment.name.value] = fragment
    }
    self.fragments = fragments
    self.variables = variables
    self.context = context
    self.rootValue = rootValue
  }

  /// The resolver for a field: the schema's own, or the built-in one for introspection types and
  /// the `__schema`/`__type` meta fields.
  func resolver(typeName: String, fieldName: String, isMetaField: Bool) -> FieldResolver<Context>? {
    if !isMetaField, let resolver = executable.resolvers[typeName]?[fieldName] { return resolver }
    guard isMetaField || typeName.hasPrefix("__") else { return nil }
    if introspection == nil { introspection = IntrospectionRouting() }
    return introspection?.resolver(typeName: typeName, fieldName: fieldName, isMetaField: isMetaField)
  }

  /// The error for a field at the current path, located at the field's nodes.
  func locatedError(_ message: String, plan: FieldPlan<Context>, extensions: JSONObject? = nil)
    -> GraphQLError
  {
    GraphQLError(
      message, source: source, ranges: plan.fieldNodes.map(\.range), path: path, extensions: extensions)
  }

  /// A resolver's or coercion's error as a field error at the current path (graphql-js
  /// `locatedError`): a `GraphQLError` keeps its message and extensions, and one that already has a
  /// path is kept whole.
  func locatedError(_ error: any Error, plan: FieldPlan<Context>) -> GraphQLError {
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

  /// Spec 6.4.4 "Handling Field Errors": a non-null position passes the error up to its parent,
  /// a nullable one records it and becomes null.
  func handleFieldError(_ error: GraphQLError, type: OutputType) throws(FieldFailure) -> JSON {
    if case .nonNull = type { throw FieldFailure(error: error) }
    errors.append(error)
    return .null
  }
}

/// A field error on its way up to the nearest nullable position (spec 6.4.4); already located.
struct FieldFailure: Error {
  let error: GraphQLError
}
