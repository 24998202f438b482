/// A catalog launch as the executor passes it to the `Launch`, `Mission` and `Rocket` resolvers.
///
/// A class so that handing it around as `any Sendable` is one retained pointer rather than a
/// boxed copy of the launch's many strings; the nodes are built once per backend.
final class LaunchNode: Sendable {
  /// The launch.
  let launch: CatalogLaunch
  /// `Launch.id`: the flight number as text, computed once.
  let id: String

  init(_ launch: CatalogLaunch) {
    self.launch = launch
    self.id = String(launch.id)
  }
}

/// The catalog with a ``LaunchNode`` per launch, for resolvers.
///
/// Immutable; shared by all requests.
struct LaunchIndex: Sendable {
  /// The catalog itself, for paging.
  let catalog: LaunchCatalog
  private let nodes: [Int: LaunchNode]

  init(catalog: LaunchCatalog) {
    self.catalog = catalog
    var nodes = [Int: LaunchNode](minimumCapacity: catalog.count)
    for launch in catalog.launches { nodes[launch.id] = LaunchNode(launch) }
    self.nodes = nodes
  }

  /// The node of the launch with flight number `id`, if the catalog has it.
  func node(id: Int) -> LaunchNode? { nodes[id] }

  /// The node for a `Launch.id` as a client sent it, or nil when it names no launch.
  ///
  /// Only the canonical decimal spelling (the one `Launch.id` returns) matches: `7` does, while
  /// `07`, `+7` and `abc` do not, so each launch has exactly one id.
  func node(idText text: String) -> LaunchNode? {
    guard let id = Int(text), let node = nodes[id], node.id == text else { return nil }
    return node
  }
}
