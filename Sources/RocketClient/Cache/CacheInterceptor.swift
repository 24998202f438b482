import GraphQLWire

/// The normalized cache as a step of the ``RequestChain``: it answers from the cache, sends the
/// request on, or both, as the request's ``CachePolicy`` says, and writes every answer through
/// (apollo-ios's `CacheReadInterceptor` and `CacheWriteInterceptor` in one).
///
/// A mutation always goes to the network; what it returns is written through (so after
/// booking launch 42, a cached `launch 42` says booked). An answer with GraphQL errors is not
/// written. A request without cache metadata, or whose user cannot be told, passes untouched.
/// Cache problems never fail a request: they only make the cache miss.
public struct CacheInterceptor: RequestInterceptor {
  /// The cache.
  public let cache: CacheStore
  private let partition: @Sendable () -> CachePartition?

  /// - Parameters:
  ///   - cache: the cache.
  ///   - partition: the partition of the current user, read per request; nil sends the request
  ///     past the cache (when the user cannot be told).
  public init(cache: CacheStore, partition: @escaping @Sendable () -> CachePartition?) {
    self.cache = cache
    self.partition = partition
  }

  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    guard let operation = request.cacheable, !operation.selections.isEmpty, let partition = partition() else {
      return try await chain.proceed(request)
    }
    if operation.operationType != .query {
      return try await network(request, operation, partition, chain)
    }
    switch request.cachePolicy {
    case .networkOnly:
      return try await network(request, operation, partition, chain)
    case .cacheOnly:
      if let answer = cached(operation, partition, offline: false) { return answer }
      throw RocketClientError.notCached(operation: operation.name)
    case .cacheFirst:
      if let answer = cached(operation, partition, offline: false) { return answer }
      return try await network(request, operation, partition, chain)
    case .networkFirst:
      do throws(RocketClientError) {
        return try await network(request, operation, partition, chain)
      } catch  where error.isUnreachable {
        if let answer = cached(operation, partition, offline: true) { return answer }
        throw error
      }
    case .cacheAndNetwork:
      let answer = cached(operation, partition, offline: false)
      do throws(RocketClientError) {
        let fresh = try await network(request, operation, partition, chain)
        return answer ?? fresh
      } catch {
        if let answer, error != .cancelled { return answer }
        throw error
      }
    }
  }

  private func network(
    _ request: OutgoingRequest, _ operation: CacheableOperation, _ partition: CachePartition,
    _ chain: RequestChain
  ) async throws(RocketClientError) -> TransportResponse {
    let response = try await chain.proceed(request)
    if operation.storesResult, case .object(let data)? = response.json["data"],
      response.json["errors"]?.arrayValue?.isEmpty ?? true
    {
      // Awaited, so the next request sees it (a booking, then `launch 42` from the cache); the
      // store does the writing off the cooperative pool.
      await cache.write(data, for: operation, partition: partition)
    }
    return response
  }

  private func cached(_ operation: CacheableOperation, _ partition: CachePartition, offline: Bool)
    -> TransportResponse?
  {
    guard let result = cache.read(operation, partition: partition), let data = result.data,
      let writtenAt = result.writtenAt
    else { return nil }
    var response = TransportResponse(json: .object(["data": .object(data)]))
    response.cachedAnswer = CachedAnswer(writtenAt: writtenAt, isOfflineFallback: offline)
    return response
  }
}
