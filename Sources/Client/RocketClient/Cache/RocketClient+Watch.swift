import GraphQLAPI
import GraphQLWire
import Synchronization

extension RocketClient {
  /// Watches a query: yields its answer, then again whenever a record the answer was read from
  /// changes in the cache (no cache keys to configure: they come from the schema). The first
  /// answer comes as `cachePolicy` says (default: cached at once, then the network's when it
  /// differs). Ends when the iterating task is cancelled; throws when no first answer can be had;
  /// without a cache, yields the network's answer once.
  public func watch<Query: GraphQLQuery>(
    _ query: Query, cachePolicy: CachePolicy = .cacheAndNetwork
  ) -> AsyncThrowingStream<GraphQLResult<Query.Data>, any Error> {
    AsyncThrowingStream { continuation in
      continuation.finish {
        guard let cache, let partition = Self.partition(endpointKey: endpointKey, credentials: credentials)
        else {
          continuation.yield(try await fetch(query, cachePolicy: .networkOnly))
          return
        }
        let (changes, changed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watcher = cache.addWatcher(partition: partition, keys: []) { changed.yield() }
        defer { cache.removeWatcher(watcher) }
        let operation = CacheableOperation(query)
        var last: JSONObject?
        // Yields the cached answer when it is whole and differs from the last one yielded.
        func yieldFromCache() -> Bool {
          guard let result = cache.read(operation, partition: partition) else { return false }
          cache.updateWatcher(watcher, keys: result.keysRead)
          guard let data = result.data, data != last,
            let decoded = try? GraphQLResult<Query.Data>(
              response: .object(["data": .object(data)]), operationName: Query.operationName,
              endpointKey: endpointKey)
          else { return result.data != nil }
          last = data
          continuation.yield(decoded)
          return true
        }
        var answered = cachePolicy != .networkOnly && yieldFromCache()
        if cachePolicy != .cacheOnly && !(cachePolicy == .cacheFirst && answered) {
          do throws(RocketClientError) {
            let fresh = try await fetch(query, cachePolicy: .networkOnly)
            // The write-through wakes this watcher too; yielding here covers a cache that is off.
            if !yieldFromCache() && last == nil {
              continuation.yield(fresh)
            }
            answered = true
          } catch {
            if !answered { throw error }
          }
        }
        if !answered { throw RocketClientError.notCached(operation: Query.operationName) }
        for await _ in changes {
          _ = yieldFromCache()
        }
      }
    }
  }
}
