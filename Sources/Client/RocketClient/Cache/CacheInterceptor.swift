import GraphQLWire

/// The normalized cache as a step of the ``RequestChain`` (apollo-ios's `CacheReadInterceptor`
/// and `CacheWriteInterceptor` in one): it answers from the cache, sends the request on, or both,
/// as the request's ``CachePolicy`` says, and writes every answer without errors through (a
/// mutation always goes to the network). Cache problems only make the cache miss. A stale
/// answer (``CacheFieldStamp``) is given by cache-first and cache-and-network only when the server
/// cannot be reached, and by cache-only as it is, marked ``CachedAnswer/isStale``.
public struct CacheInterceptor: RequestInterceptor {
  /// The cache.
  public let cache: CacheStore
  private let partition: @Sendable () -> CachePartition?

  /// `partition` gives the current user's partition per request; nil sends the request past the
  /// cache.
  public init(cache: CacheStore, partition: @escaping @Sendable () -> CachePartition?) {
    self.cache = cache
    self.partition = partition
  }

  /// Answers as the request's ``CachePolicy`` says, and writes the answer through.
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
      // A stale answer is not used while the server can be asked.
      let answer = cached(operation, partition, offline: false)
      if let answer, answer.cachedAnswer?.isStale == false { return answer }
      do throws(RocketClientError) {
        return try await network(request, operation, partition, chain)
      } catch  where error.isUnreachable {
        guard var answer else { throw error }
        answer.cachedAnswer?.isOfflineFallback = true
        return answer
      }
    case .networkFirst:
      do throws(RocketClientError) {
        return try await network(request, operation, partition, chain)
      } catch  where error.isUnreachable {
        if let answer = cached(operation, partition, offline: true) { return answer }
        throw error
      }
    case .cacheAndNetwork:
      var answer = cached(operation, partition, offline: false)
      do throws(RocketClientError) {
        let fresh = try await network(request, operation, partition, chain)
        if answer?.cachedAnswer?.isStale == true { answer = nil }
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
      await cache.write(
        data, for: operation, partition: partition,
        maxAgeCap: response.cacheControl.flatMap(Self.maxAge(cacheControl:)))
    }
    return response
  }

  /// The max-age a `Cache-Control` value gives a private cache: `max-age=N` is N seconds;
  /// `no-store` and `no-cache` are 0 (kept for offline use, but stale at once); nil when it says
  /// nothing of ages.
  static func maxAge(cacheControl: String) -> Int? {
    var maxAge: Int?
    for directive in cacheControl.split(separator: ",") {
      let parts = directive.split(separator: "=", maxSplits: 1)
      let name = parts.first.map { $0.trimmingSpaces().lowercased() } ?? ""
      switch name {
      case "no-store", "no-cache":
        return 0
      case "max-age":
        guard parts.count == 2 else { continue }
        var value = String(parts[1].trimmingSpaces())
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
          value = String(value.dropFirst().dropLast())
        }
        if let seconds = Int(value), seconds >= 0 { maxAge = min(maxAge ?? seconds, seconds) }
      default:
        continue
      }
    }
    return maxAge
  }

  private func cached(_ operation: CacheableOperation, _ partition: CachePartition, offline: Bool)
    -> TransportResponse?
  {
    guard let result = cache.read(operation, partition: partition), let data = result.data,
      let writtenAt = result.writtenAt
    else { return nil }
    var response = TransportResponse(json: .object(["data": .object(data)]))
    response.cachedAnswer = CachedAnswer(
      writtenAt: writtenAt, isOfflineFallback: offline, isStale: !result.stale.isEmpty)
    return response
  }
}
