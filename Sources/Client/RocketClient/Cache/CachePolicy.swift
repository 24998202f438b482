/// Where an operation's answer comes from (the names of Apollo iOS 2); mutations always go to
/// the network and write their results through.
public enum CachePolicy: String, Sendable, CaseIterable {
  /// The cached answer when the cache holds all of it and no field of it is past its max-age;
  /// else the network (and the stale answer, marked, when the network cannot be reached).
  case cacheFirst = "cache-first"
  /// The network; when the server cannot be reached, the cached answer, marked stale when a
  /// field of it is past its max-age (the default).
  case networkFirst = "network-first"
  /// The network only (its answer is still written to the cache).
  case networkOnly = "network-only"
  /// The cache only, fresh or stale (marked); nothing is sent.
  case cacheOnly = "cache-only"
  /// The cached answer at once, then the network's: a watcher yields both; a single fetch
  /// returns the cached answer and refreshes the cache from the network (the network's answer
  /// when nothing is cached).
  case cacheAndNetwork = "cache-and-network"
}
