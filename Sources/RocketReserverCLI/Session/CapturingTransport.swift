import GraphQL
import RocketClient

/// A transport that hands each response body to the task's `ResponseCapture` (if any) on its way
/// back, then returns it unchanged.
struct CapturingTransport: NetworkTransport {
  /// The transport that really carries the request.
  let inner: any NetworkTransport

  func send(
    _ request: GraphQLRequest, authorization: String?
  ) async throws(RocketClientError) -> JSON {
    let json = try await inner.send(request, authorization: authorization)
    ResponseCapture.current?.record(json)
    return json
  }
}
