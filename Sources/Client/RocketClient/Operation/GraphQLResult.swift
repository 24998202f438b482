import GraphQLAPI
import GraphQLWire

/// What a server answered to one operation: the typed data (nil when the server sent none or
/// `"data": null`) and the GraphQL errors beside it.
public struct GraphQLResult<Data: SelectionSetData>: Sendable {
  /// The decoded `data`, or nil when the response had none.
  public var data: Data?
  /// The response's `errors`, in the server's order (empty when there were none).
  public var errors: [GraphQLError]

  /// A result.
  public init(data: Data?, errors: [GraphQLError] = []) {
    self.data = data
    self.errors = errors
  }

  /// The data, or ``RocketClientError/server(errors:)`` when there is none.
  public func requireData() throws(RocketClientError) -> Data {
    guard let data else { throw RocketClientError.server(errors: errors) }
    return data
  }
}
