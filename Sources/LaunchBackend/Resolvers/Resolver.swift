import GraphQL

/// The resolver type of this API.
typealias Resolver = FieldResolver<RequestContext>

/// The inputs of this API's resolvers.
typealias Input = ResolverInput<RequestContext>

/// Builds the API's resolvers so that no unexpected error reaches a client as it is.
enum Resolve {
  /// A synchronous resolver whose `GraphQLError`s pass through, whose database-unavailable
  /// errors become `SERVICE_UNAVAILABLE`, and whose other errors (SQLite, a missing random
  /// source, an unexpected source value) are reported to the backend and become
  /// `INTERNAL_SERVER_ERROR` with a generic message.
  static func sync(_ body: @escaping @Sendable (Input) throws -> (any Sendable)?) -> Resolver {
    .sync { input in
      do {
        return try body(input)
      } catch let error as GraphQLError {
        throw error
      } catch BookingStoreError.unavailable(let underlying) {
        input.context.noteDatabaseUnavailable()
        input.context.environment.reportInternalError(BookingStoreError.unavailable(underlying))
        throw APIError.serviceUnavailable
      } catch {
        input.context.environment.reportInternalError(error)
        throw APIError.internalError
      }
    }
  }
}
