/// A field resolver with the request's context already bound in: what the (non-generic) executor
/// calls. Building one is generic; calling one is not.
enum BoundResolver {
  case sync(
    (_ source: (any Sendable)?, _ arguments: JSONObject, _ info: ResolveInfo) throws -> (any Sendable)?)
  case async(
    (_ source: (any Sendable)?, _ arguments: JSONObject, _ info: ResolveInfo) async throws -> (any Sendable)?)

  init<Context: Sendable>(_ resolver: FieldResolver<Context>, context: Context) {
    switch resolver {
    case .sync(let resolve):
      self = .sync { source, arguments, info in
        try resolve(ResolverInput(source: source, arguments: arguments, context: context, info: info))
      }
    case .async(let resolve):
      self = .async { source, arguments, info in
        try await resolve(ResolverInput(source: source, arguments: arguments, context: context, info: info))
      }
    }
  }
}

/// Finds the resolver of a field with the request context bound in.
protocol ResolverLookup: AnyObject {
  func resolver(typeName: String, fieldName: String, isMetaField: Bool) -> BoundResolver?
}

/// The lookup for one `Context` type: the schema's resolvers first; for the introspection types
/// (`__Schema`, `__Type`, ...) and the query root's meta fields `__schema` / `__type(name:)`, the
/// type system's `introspectionResolvers()` and `introspectionRootResolvers()`, built only when an
/// operation reaches them.
final class TypedResolverLookup<Context: Sendable>: ResolverLookup {
  private let executable: ExecutableSchema<Context>
  private let context: Context
  private var introspectionTypes: [String: [String: FieldResolver<Context>]]?
  private var introspectionRoot: [String: FieldResolver<Context>]?

  init(executable: ExecutableSchema<Context>, context: Context) {
    self.executable = executable
    self.context = context
  }

  func resolver(typeName: String, fieldName: String, isMetaField: Bool) -> BoundResolver? {
    let resolver: FieldResolver<Context>?
    if isMetaField {
      if introspectionRoot == nil { introspectionRoot = introspectionRootResolvers() }
      resolver = introspectionRoot?[fieldName]
    } else if let own = executable.erasedResolvers.entry(typeName: typeName, fieldName: fieldName) {
      return own.bind(context)
    } else if typeName.hasPrefix("__") {
      if introspectionTypes == nil { introspectionTypes = introspectionResolvers() }
      resolver = introspectionTypes?[typeName]?[fieldName]
    } else {
      resolver = nil
    }
    return resolver.map { BoundResolver($0, context: context) }
  }
}
