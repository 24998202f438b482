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
  case sync(@Sendable (ResolverInput<Context>) throws -> (any Sendable)?)
  case async(@Sendable (ResolverInput<Context>) async throws -> (any Sendable)?)
}

/// What a resolver receives.
public struct ResolverInput<Context: Sendable>: Sendable {
  /// The parent object's value (the root value for root fields).
  public let source: (any Sendable)?
  /// The coerced arguments, nil for a field that declares none (then `arguments` is empty).
  @usableFromInline let givenArguments: JSONObject?
  /// The per-request context, such as the caller's identity.
  public let context: Context
  /// Where in the schema, document and response this field is.
  public let info: ResolveInfo

  /// The field's arguments after coercion (defaults applied, variables substituted); an
  /// argument that was not given and has no default is absent.
  public var arguments: JSONObject { givenArguments ?? JSONObject() }

  public init(source: (any Sendable)?, arguments: JSONObject, context: Context, info: ResolveInfo) {
    self.source = source
    self.givenArguments = arguments
    self.context = context
    self.info = info
  }

  /// The input of the field `plan` that a generated selection writer is at in `execution`, with
  /// the field's coerced `arguments` when it declares any (`TypedExecution.arguments`).
  ///
  /// Inlinable, with its values consumed: built in the writer's specialized code, an input is a
  /// few stores and retains, where a call into this module built it from generic metadata and
  /// copied the source through its existential's value witnesses (once for every field).
  @inlinable
  public init(
    source: consuming (any Sendable)?, context: consuming Context, plan: FieldPlan,
    arguments: consuming JSONObject? = nil, execution: TypedExecution
  ) {
    self.source = source
    self.givenArguments = arguments
    self.context = context
    self.info = execution.info(plan)
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
