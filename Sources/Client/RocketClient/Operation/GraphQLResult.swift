import GraphQLAPI
import GraphQLWire

/// What a server answered to one operation: the typed data and the GraphQL errors beside it.
///
/// A GraphQL response can carry both: a field that failed is null in `data` and explained in
/// `errors`. `data` is nil when the server sent no data or `"data": null` (the failure reached
/// the root); ``requireData()`` turns that case into an error carrying the server's messages.
///
/// A plain value: safe to share between tasks.
public struct GraphQLResult<Data: SelectionSetData>: Sendable {
  /// The decoded `data`, or nil when the response had none.
  public var data: Data?
  /// The response's `errors`, in the server's order (empty when there were none).
  public var errors: [GraphQLError]

  /// A result.
  ///
  /// - Parameters:
  ///   - data: the decoded data, nil when there was none.
  ///   - errors: the GraphQL errors (default none).
  public init(data: Data?, errors: [GraphQLError] = []) {
    self.data = data
    self.errors = errors
  }

  /// The data, when there is some.
  ///
  /// - Throws: ``RocketClientError/server(errors:)`` with the server's errors when there is none.
  public func requireData() throws(RocketClientError) -> Data {
    guard let data else { throw RocketClientError.server(errors: errors) }
    return data
  }
}
