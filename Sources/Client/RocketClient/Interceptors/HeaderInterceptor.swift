/// Adds fixed header fields (`--header 'Name: value'`) to every request, replacing fields of the
/// same name (so an explicit `Authorization` wins over the saved token).
public struct HeaderInterceptor: RequestInterceptor {
  /// The fields to add, in order; a name given twice is sent twice.
  public let headers: HTTPHeaders

  /// - Parameter headers: the fields to add.
  public init(headers: HTTPHeaders) {
    self.headers = headers
  }

  /// Adds ``headers`` to the request, replacing fields of the same names, then proceeds.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    var request = request
    request.headers.replace(with: headers)
    return try await chain.proceed(request)
  }
}
