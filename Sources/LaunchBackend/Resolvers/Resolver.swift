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

  /// A resolver reading a field of a `Source` value; the source is whatever the parent
  /// field's resolver returned, so a mismatch is a programming error (reported as internal).
  static func field<Source>(
    of type: Source.Type, _ read: @escaping @Sendable (Source, Input) throws -> (any Sendable)?
  ) -> Resolver {
    sync { input in
      guard let source = input.source as? Source else {
        throw UnexpectedSource(typeName: input.info.parentTypeName, fieldName: input.info.fieldName)
      }
      return try read(source, input)
    }
  }
}

/// A resolver received a parent value of the wrong Swift type (a bug, never user input).
struct UnexpectedSource: Error, CustomStringConvertible {
  let typeName: String
  let fieldName: String

  var description: String { "unexpected parent value for \(typeName).\(fieldName)" }
}

extension ResolverInput {
  /// The string value of argument `name`, or nil when it is absent or null.
  func string(_ name: String) -> String? { arguments[name]?.stringValue }

  /// The integer value of argument `name`, or nil when it is absent or null.
  func int(_ name: String) -> Int? { arguments[name]?.intValue }
}
