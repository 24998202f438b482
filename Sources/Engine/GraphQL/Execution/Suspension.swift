@_spi(Encoding) import GraphQLWire

/// The rest of an execution that reached an `.async` resolver (graphql-js's "promise" in its
/// `PromiseOrValue`): the executor runs synchronously until a resolver can only answer later; that
/// field then throws a suspension, and every step it unwinds through adds the work it had left (the
/// field's completion, the following list items and fields, the closing brackets, the null
/// propagation of spec 6.4.4). Awaiting `resume` runs all of it, writing where the synchronous
/// pass stopped, so the response is written by the same code whether or not anything suspended,
/// and fields still run one at a time in document order.
///
/// `@unchecked Sendable`: `Error` demands it of `FieldFailure`, which carries a suspension up the
/// stack; a suspension never leaves the task running its execution (it is thrown and caught within
/// one call of the executor), and its closure touches that execution's state only.
final class Suspension: @unchecked Sendable {
  /// Runs the rest of the suspended step, then returns what the step itself returns (whether the
  /// value it wrote is `null`; steps that write no value return false). Throws only errors, never
  /// another suspension: anything the rest suspends on is awaited inside.
  let resume: (inout JSONByteWriter) async throws(FieldFailure) -> Bool

  init(_ resume: @escaping (inout JSONByteWriter) async throws(FieldFailure) -> Bool) {
    self.resume = resume
  }

  /// Runs a synchronous step of the executor and, when it suspends, the rest of it.
  static func run(
    _ writer: inout JSONByteWriter, _ step: (inout JSONByteWriter) throws(FieldFailure) -> Bool
  ) async throws(FieldFailure) -> Bool {
    do {
      return try step(&writer)
    } catch {
      guard case .suspended(let suspension) = error.reason else { throw error }
      return try await suspension.resume(&writer)
    }
  }
}

/// A field error on its way up to the nearest nullable position (spec 6.4.4), already located; or
/// a suspension on its way up to the caller that can await it. Public (opaque) for generated
/// selection writers (`TypedExecution`), which only ever see errors (see `TypedExecution`).
public struct FieldFailure: Error {
  enum Reason {
    case error(GraphQLError)
    case suspended(Suspension)
  }

  let reason: Reason

  init(error: GraphQLError) { reason = .error(error) }

  init(suspension: Suspension) { reason = .suspended(suspension) }
}
