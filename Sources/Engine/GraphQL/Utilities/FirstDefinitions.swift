/// What the uniqueness checks (validation rules and the SDL checks) share: graphql-js reports a
/// repeated name with its first definition, or every repeated name with all its places.
extension Dictionary {
  /// The value kept for `key` already, or nil after keeping `value` for it: the first definition
  /// to report beside a repeat of it (the first is kept, never the repeat).
  mutating func existing(at key: Key, orInsert value: Value) -> Value? {
    if let first = self[key] { return first }
    self[key] = value
    return nil
  }
}

extension Sequence<Name> {
  /// Each name given more than once, with all its nodes, in the order the names first appear.
  func repeated() -> [(name: String, nodes: [Name])] {
    var groups: [(name: String, nodes: [Name])] = []
    var indexByName: [String: Int] = [:]
    for name in self {
      if let index = indexByName[name.value] {
        groups[index].nodes.append(name)
      } else {
        indexByName[name.value] = groups.count
        groups.append((name.value, [name]))
      }
    }
    return groups.filter { $0.nodes.count > 1 }
  }
}
