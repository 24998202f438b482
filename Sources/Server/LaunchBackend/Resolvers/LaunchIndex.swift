/// The catalog as resolvers need it: a ``LaunchNode`` per launch, found by flight number, by
/// `Launch.id` text or by cursor, and pages served from precomputed nodes and cursors.
///
/// Paging here gives exactly `LaunchCatalog.page(after:size:)`'s pages (the tests compare them
/// for every cursor and size); it only avoids encoding and decoding cursors per request.
/// Immutable; shared by all requests.
struct LaunchIndex: Sendable {
  /// Every node, newest first (the catalog's order).
  private let nodes: [LaunchNode]
  /// Position in `nodes` by flight number.
  private let positions: [Int: Int]
  /// Position in `nodes` by cursor: only the canonical cursor of each launch is a key.
  private let cursorPositions: [String: Int]

  init(catalog: LaunchCatalog) {
    nodes = catalog.launches.map { LaunchNode($0, cursor: catalog.cursor(of: $0)) }
    var positions = [Int: Int](minimumCapacity: nodes.count)
    var cursorPositions = [String: Int](minimumCapacity: nodes.count)
    for (position, node) in nodes.enumerated() {
      positions[node.launch.id] = position
      cursorPositions[node.cursor] = position
    }
    self.positions = positions
    self.cursorPositions = cursorPositions
  }

  /// The node of the launch with flight number `id`, if the catalog has it.
  func node(id: Int) -> LaunchNode? { positions[id].map { nodes[$0] } }

  /// The node for a `Launch.id` as a client sent it, or nil when it names no launch.
  ///
  /// Only the canonical decimal spelling (the one `Launch.id` returns) matches: `7` does, while
  /// `07`, `+7` and `abc` do not, so each launch has exactly one id.
  func node(idText text: String) -> LaunchNode? {
    guard let id = Int(text), let node = node(id: id), node.id == text else { return nil }
    return node
  }

  /// One page, newest first: the launches strictly after the one `after` names (from the newest
  /// when nil), at most `size` of them, as `LaunchCatalog.page(after:size:)` defines it.
  ///
  /// - Parameters:
  ///   - after: a cursor from an earlier page, or nil.
  ///   - size: the page size, at least 1.
  /// - Returns: the page, or nil when `after` names no launch.
  func page(after: String?, size: Int) -> PageNode? {
    var start = 0
    if let after {
      guard let position = cursorPositions[after] else { return nil }
      start = position + 1
    }
    let end = min(start + max(size, 1), nodes.count)
    guard start < end else {
      return PageNode(cursor: after ?? "", hasMore: false, launches: [])
    }
    return PageNode(
      cursor: nodes[end - 1].cursor, hasMore: end < nodes.count, launches: Array(nodes[start..<end]))
  }
}
