import GraphQL
import GraphQLWire

/// The fragments reached from `roots`: every fragment spread, directly or inside the fragments it
/// leads to, that `definition` resolves, in the order first met (each name once).
/// - Parameters:
///   - roots: the selection sets to start from.
///   - definition: a fragment's selection set by name, or nil for a fragment not to follow (one
///     that is unknown, or already among the roots).
func fragmentsReached(from roots: [SelectionSet], definition: (String) -> SelectionSet?) -> [String] {
  var reached: [String] = []
  var seen: Set<String> = []
  var pending = roots
  var next = 0
  while next < pending.count {
    for selection in pending[next].selections {
      switch selection {
      case .field(let field):
        if let child = field.selectionSet { pending.append(child) }
      case .inlineFragment(let fragment):
        pending.append(fragment.selectionSet)
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard seen.insert(name).inserted, let selectionSet = definition(name) else { continue }
        reached.append(name)
        pending.append(selectionSet)
      }
    }
    next += 1
  }
  return reached
}
