import RocketClient

/// Hands each response body to the request's `ResponseCapture` (its context, if any) on its way back, so
/// `--json` prints what the server sent; the outermost step of the chain (before the cache), so
/// it sees the answer that the command gets, cached or not.
struct ResponseCaptureInterceptor: RequestInterceptor {
  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let response = try await chain.proceed(request)
    (request.context as? ResponseCapture)?.record(response)
    return response
  }
}
