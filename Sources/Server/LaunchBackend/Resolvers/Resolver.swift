import GraphQL
import GraphQLWire

/// The resolver type of this API.
typealias Resolver = FieldResolver<ResolverContext>

/// The inputs of this API's resolvers.
typealias Input = ResolverInput<ResolverContext>

/// Builds the API's resolvers so that no unexpected error reaches a client as it is.
enum Resolve {
  /// A synchronous resolver whose `GraphQLError`s pass through, whose database-unavailable
  /// errors become `SERVICE_UNAVAILABLE`, and whose other errors (SQLite, a missing random
  /// source, an unexpected source value) are reported to the backend and become
  /// `INTERNAL_SERVER_ERROR` with a generic message.
  static func sync(_ body: @escaping @Sendable (borrowing Input) throws -> (any Sendable)?) -> Resolver {
    .sync { input in
      do {
        return try body(input)
      } catch {
        throw policy(error, input.context)
      }
    }
  }

  /// The error the client sees for a resolver's `error` (the policy of `sync`, which the
  /// generated selection writers apply too).
  @Sendable static func policy(_ error: any Error, _ context: ResolverContext) -> any Error {
    if let error = error as? GraphQLError { return error }
    if case .unavailable(let underlying)? = error as? BookingStoreError {
      context.noteDatabaseUnavailable()
      context.environment.reportInternalError(BookingStoreError.unavailable(underlying))
      return APIError.serviceUnavailable
    }
    context.environment.reportInternalError(error)
    return APIError.internalError
  }
}
