import GraphQLWire

/// A field resolver with its `Context` type erased: what the (non-generic) executor stores in its
/// field plans and calls. The request's context travels beside the arguments as a `ContextBox`, so
/// one resolver (and one plan) serves every request, whatever its context.
///
/// Built `@inlinable` from `ExecutableSchema.init`, so the closures are specialized for the
/// caller's `Context` in the caller's module: calling one then builds `ResolverInput<Context>` as
/// plain code, without looking up generic type metadata on every call.
@usableFromInline
enum ErasedResolver: Sendable {
  @usableFromInline
  typealias Sync =
    @Sendable (
      _ source: (any Sendable)?, _ arguments: JSONObject, _ context: AnyContextBox, _ info: ResolveInfo
    ) throws -> (any Sendable)?
  @usableFromInline
  typealias Async =
    @Sendable (
      _ source: (any Sendable)?, _ arguments: JSONObject, _ context: AnyContextBox, _ info: ResolveInfo
    ) async throws -> (any Sendable)?

  case sync(Sync)
  case async(Async)

  @inlinable
  init<Context: Sendable>(_ resolver: FieldResolver<Context>) {
    switch resolver {
    case .sync(let resolve):
      self = .sync { source, arguments, box, info in
        let input = ResolverInput(
          source: source, arguments: arguments, context: ContextBox<Context>.unbox(box), info: info)
        return try resolve(input)
      }
    case .async(let resolve):
      self = .async { source, arguments, box, info in
        let input = ResolverInput(
          source: source, arguments: arguments, context: ContextBox<Context>.unbox(box), info: info)
        return try await resolve(input)
      }
    }
  }
}

/// A request's context with its type erased, as erased resolvers receive it.
@usableFromInline
class AnyContextBox: @unchecked Sendable {
  // Safe: it has no state; `ContextBox` holds one immutable `Sendable` value.
  @usableFromInline
  init() {}
}

/// A request's context of a known type.
@usableFromInline
final class ContextBox<Context: Sendable>: AnyContextBox, @unchecked Sendable {
  // Safe: `value` is immutable and `Sendable`.
  @usableFromInline
  let value: Context

  @usableFromInline
  init(_ value: Context) {
    self.value = value
  }

  /// The context in `box`. The executor only hands a resolver the box made for the context of the
  /// `ExecutableSchema<Context>` the resolver came from, so the type always matches; the downcast
  /// is checked in debug builds.
  @inlinable
  static func unbox(_ box: AnyContextBox) -> Context {
    unsafeDowncast(box, to: ContextBox<Context>.self).value
  }
}
