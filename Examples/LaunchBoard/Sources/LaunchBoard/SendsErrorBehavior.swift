import LaunchBoardAPI
import RocketClient

/// Sends `onError` as the operations were generated for (`options.onError` of
/// graphql-codegen.json, which each operation declares as `errorBehavior`): a failed field is
/// null and only it, so the board reads a failed page as a `FieldResult`. `rocket-reserver serve`
/// honours it (`rocket-reserver probe` says whether a server does).
struct SendsErrorBehavior: RequestInterceptor {
  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    var request = request
    request.operation.onError = BoardQuery.errorBehavior
    return try await chain.proceed(request)
  }
}
