import FoundationEssentials
import GraphQLWire
import LaunchBackend
import RocketClient
import RocketReserverAPI

/// Where a fresh shell finds launch ids and trips for Tab: an endpoint's normalized cache, or the
/// embedded backend. Never the network (Tab answers at once), and reading creates no file.
enum KnownLaunchSource: Sendable {
  /// Nothing to read: an endpoint whose client keeps no cache.
  case none
  /// The endpoint's part of the normalized cache.
  case cache(CacheStore, file: String, endpoint: String)
  /// The embedded backend: its catalog, and its database for trips unless a `--header`
  /// Authorization stands for someone else.
  case embedded(LazyBackendTransport, readsTrips: Bool)

  /// Where `session`'s ids and trips are read: its embedded backend, or its endpoint's cache.
  init(session: Session?) {
    guard let session else {
      self = .none
      return
    }
    if let embedded = session.embedded {
      self = .embedded(embedded, readsTrips: !session.givesOwnAuthorization)
    } else if let store = session.client.cache, let file = session.cache?.path {
      self = .cache(store, file: file, endpoint: session.client.endpointKey)
    } else {
      self = .none
    }
  }

  /// The launch ids it knows with their mission names, from `user`'s part and the anonymous one.
  func launches(user: String?) -> [(id: Int, mission: String?)] {
    switch self {
    case .none:
      return []
    case .cache(let cache, let file, let endpoint):
      guard FileManager.default.fileExists(atPath: file) else { return [] }
      var partitions = [CachePartition(endpoint: endpoint, user: nil)]
      if let user { partitions.append(CachePartition(endpoint: endpoint, user: user)) }
      var launches: [(id: Int, mission: String?)] = []
      for partition in partitions {
        for launch in Self.cachedList(cache, partition) ?? [] {
          if let id = Int(launch.id) { launches.append((id, launch.mission?.name)) }
        }
      }
      return launches
    case .embedded:
      let catalog = (try? LaunchCatalog.embedded.launches) ?? []
      return catalog.map { ($0.id, $0.missionName) }
    }
  }

  /// The trips of the user of `credential`, or nil when it cannot tell.
  func tripIDs(credential: Credential?) -> [Int]? {
    guard let credential else { return nil }
    switch self {
    case .none:
      return nil
    case .cache(let cache, let file, let endpoint):
      guard FileManager.default.fileExists(atPath: file) else { return nil }
      let partition = CachePartition(endpoint: endpoint, user: credential.email)
      guard let data = cache.read(CacheableOperation(MeQuery()), partition: partition)?.data,
        let me = (try? MeQuery.Data(object: data, path: []))?.me
      else { return nil }
      var trips = Set(me.trips.compactMap { $0.flatMap { Int($0.id) } })
      // Bookings write their launches' new state through to the cache, but not the `me` list
      // the last `trips` read: the launches' own `isBooked` is the newer word.
      for launch in Self.cachedList(cache, partition) ?? [] {
        guard let id = Int(launch.id) else { continue }
        if launch.isBooked { trips.insert(id) } else { trips.remove(id) }
      }
      return trips.sorted()
    case .embedded(let transport, let readsTrips):
      guard readsTrips, FileManager.default.fileExists(atPath: transport.databasePath),
        let backend = try? transport.openBackend()
      else { return nil }
      let ask = InProcessTransport.handler(for: backend)
      guard let json = try? ask(GraphQLRequest(query: MeQuery.document), credential.token),
        let data = json["data"]?.objectValue, let me = (try? MeQuery.Data(object: data, path: []))?.me
      else { return nil }
      return me.trips.compactMap { $0.flatMap { Int($0.id) } }
    }
  }

  /// Every launch of the list the cache holds for `partition` (its pages joined).
  private static func cachedList(_ cache: CacheStore, _ partition: CachePartition)
    -> [Session.ListedLaunch]?
  {
    guard let data = cache.read(CacheableOperation(LaunchListQuery()), partition: partition)?.data,
      let list = try? LaunchListQuery.Data(object: data, path: [])
    else { return nil }
    return list.launches.launches.compactMap { $0 }
  }
}
