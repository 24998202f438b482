import GraphQLWire

/// How one field of one type gets its value.
///
/// Resolvers return the field's value as a Swift value: `nil` for null; `Int`, `Double`,
/// `String`, `Bool` or `JSON` for scalars; a `String` (the value's name) for enums; any value
/// for an object (it becomes the `source` of that object's field resolvers); and an array of
/// such values for a list. Throwing turns the field into a field error (a thrown `GraphQLError`
/// keeps its message and extensions) and null propagates as the spec says.
///
/// Synchronous resolvers are the fast path: the executor only suspends for `.async` ones.
public enum FieldResolver<Context: Sendable>: Sendable {
  case sync(@Sendable (borrowing ResolverInput<Context>) throws -> (any Sendable)?)
  case async(@Sendable (borrowing ResolverInput<Context>) async throws -> (any Sendable)?)
}

/// What a resolver receives, lent for the call.
///
/// Not copyable, so a resolver borrows it and cannot keep it: a generated selection writer builds
/// one input for each object and moves it from field to field, and the field's `info` is worked
/// out from the execution only if the resolver asks for it (most never do; building it for every
/// field was three reference counts on shared boxes, a third of a LaunchList's). What a resolver
/// wants to keep (`source`, `context`, `arguments`, `info`) it copies out.
public struct ResolverInput<Context: Sendable>: ~Copyable, @unchecked Sendable {
  // Unchecked: the execution and plan behind `.current` are read only during the call the input
  // is lent to, on the thread running the execution; everything else is `Sendable`.

  /// The parent object's value (the root value for root fields).
  public let source: (any Sendable)?
  /// The coerced arguments, nil for a field that declares none (then `arguments` is empty).
  @usableFromInline var givenArguments: JSONObject?
  /// The per-request context, such as the caller's identity.
  public let context: Context
  @usableFromInline var whereFrom: InfoSource

  /// Where `info` comes from.
  @usableFromInline
  enum InfoSource {
    /// Given whole (the generic executor, tests).
    case given(ResolveInfo)
    /// The field a generated writer is at, in its execution. Unretained: the writer's plans and
    /// execution outlive the input, which cannot outlive the writer's call.
    case current(Unmanaged<FieldPlan>, Unmanaged<ExecutionContext>)
  }

  /// Where in the schema, document and response this field is.
  public var info: ResolveInfo {
    switch whereFrom {
    case .given(let info): return info
    case .current(let plan, let context):
      return plan._withUnsafeGuaranteedRef { plan in
        context._withUnsafeGuaranteedRef { TypedExecution.info(plan, in: $0) }
      }
    }
  }

  /// The field's arguments after coercion (defaults applied, variables substituted); an
  /// argument that was not given and has no default is absent.
  public var arguments: JSONObject { givenArguments ?? JSONObject() }

  public init(source: (any Sendable)?, arguments: JSONObject, context: Context, info: ResolveInfo) {
    self.source = source
    self.givenArguments = arguments
    self.context = context
    self.whereFrom = .given(info)
  }

  /// The input a generated selection writer lends the resolvers of one object's fields in
  /// `execution`, at its first field `plan` (`moveTo` moves it along).
  ///
  /// Inlinable, with its values consumed: built in the writer's specialized code, an input is a
  /// few stores and retains, where a call into this module built it from generic metadata and
  /// copied the source through its existential's value witnesses.
  @inlinable
  public init(
    source: consuming (any Sendable)?, context: consuming Context, plan: FieldPlan, execution: TypedExecution
  ) {
    self.source = source
    self.givenArguments = nil
    self.context = context
    self.whereFrom = .current(.passUnretained(plan), .passUnretained(execution.context))
  }

  /// Moves a writer's input to the object's field `plan`, with the field's coerced `arguments`
  /// when it declares any (`TypedExecution.arguments`).
  @inlinable
  public mutating func moveTo(_ plan: FieldPlan, arguments: consuming JSONObject? = nil) {
    guard case .current(_, let context) = whereFrom else { return }
    whereFrom = .current(.passUnretained(plan), context)
    givenArguments = arguments
  }
}

/// Details of the field being resolved.
///
/// Three words wide: what depends only on the field lives in one immutable box shared by every
/// request that runs the same cached plan (`ResolveInfo.Field`), what depends on the request in
/// one box per execution (`ResolveInfo.Request`), so handing a resolver its info costs a few
/// retains instead of one per member.
public struct ResolveInfo: Sendable {
  /// The parts that depend only on the schema and the document's field nodes.
  final class Field: Sendable {
    let fieldName: String
    let parentTypeName: String
    let returnType: GraphQLTypeReference
    let fieldNodes: [GraphQL.Field]
    let schema: GraphQLSchema

    init(
      fieldName: String, parentTypeName: String, returnType: GraphQLTypeReference,
      fieldNodes: [GraphQL.Field], schema: GraphQLSchema
    ) {
      self.fieldName = fieldName
      self.parentTypeName = parentTypeName
      self.returnType = returnType
      self.fieldNodes = fieldNodes
      self.schema = schema
    }
  }

  /// The parts that depend on the request.
  final class Request: Sendable {
    let operation: OperationDefinition
    let variables: JSONObject

    init(operation: OperationDefinition, variables: JSONObject) {
      self.operation = operation
      self.variables = variables
    }
  }

  private let field: Field
  private let request: Request
  /// The response path of this field, such as `launches.launches.3.site`.
  public let path: [PathComponent]

  public var fieldName: String { field.fieldName }
  public var parentTypeName: String { field.parentTypeName }
  public var returnType: GraphQLTypeReference { field.returnType }
  /// The field nodes of the document that asked for this field (several after merging).
  public var fieldNodes: [GraphQL.Field] { field.fieldNodes }
  public var schema: GraphQLSchema { field.schema }
  public var operation: OperationDefinition { request.operation }
  /// The coerced variable values of the request.
  public var variables: JSONObject { request.variables }

  public init(
    fieldName: String, parentTypeName: String, returnType: GraphQLTypeReference, path: [PathComponent],
    fieldNodes: [GraphQL.Field], schema: GraphQLSchema, operation: OperationDefinition, variables: JSONObject
  ) {
    self.field = Field(
      fieldName: fieldName, parentTypeName: parentTypeName, returnType: returnType, fieldNodes: fieldNodes,
      schema: schema)
    self.request = Request(operation: operation, variables: variables)
    self.path = path
  }

  /// The info for one object, from the field's and the request's parts and the current path.
  init(field: Field, request: Request, path: [PathComponent]) {
    self.field = field
    self.request = request
    self.path = path
  }
}

/// A value that names its own GraphQL object type, so the executor can resolve an interface or
/// union to a concrete type without a type resolver.
public protocol GraphQLTypeNaming {
  /// The name of the object type this value is.
  var graphQLTypeName: String { get }
}

/// A schema together with the resolvers that make it executable for a `Context`.
///
/// Fields without a resolver use the default: a `[String: any Sendable]` or `JSON` object source
/// is read by the field's name. The introspection fields are built in.
public struct ExecutableSchema<Context: Sendable>: Sendable {
  public let schema: GraphQLSchema
  /// Resolvers by type name, then field name.
  public let resolvers: [String: [String: FieldResolver<Context>]]
  /// For interfaces and unions: the object type name of a value (nil if unknown). Values that
  /// conform to `GraphQLTypeNaming` need none.
  public let typeResolvers: [String: @Sendable (any Sendable, Context) -> String?]
  /// `resolvers` with `Context` erased, for the (non-generic) executor's lookups.
  @usableFromInline
  let erasedResolvers: ErasedResolvers

  // Inlinable so that the erased resolvers' closures are specialized for `Context` in the caller's
  // module (see `ErasedResolver`).
  @inlinable
  public init(
    schema: GraphQLSchema, resolvers: [String: [String: FieldResolver<Context>]],
    typeResolvers: [String: @Sendable (any Sendable, Context) -> String?] = [:]
  ) {
    self.schema = schema
    self.resolvers = resolvers
    self.typeResolvers = typeResolvers
    self.erasedResolvers = ErasedResolvers(resolvers, typeResolvers: typeResolvers)
  }

  /// An executable schema whose synchronous executions run through selection writers generated
  /// from the schema (`rocket-codegen --resolvers`): the same responses as `resolvers` give, without
  /// runtime casts or boxed values on the hot path. `resolvers` still serve the async executor and
  /// every field the writers hand back.
  @inlinable
  public init(
    schema: GraphQLSchema, resolvers: [String: [String: FieldResolver<Context>]],
    typeResolvers: [String: @Sendable (any Sendable, Context) -> String?] = [:], typed: TypedRootWriters
  ) {
    self.schema = schema
    self.resolvers = resolvers
    self.typeResolvers = typeResolvers
    self.erasedResolvers = ErasedResolvers(resolvers, typeResolvers: typeResolvers, typed: typed)
  }
}
