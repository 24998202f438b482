/// Fragment spreads must not form cycles
///
/// "The graph of fragment spreads must not form any cycles including spreading itself.
/// Otherwise an operation could infinitely spread or infinitely execute on cycles in the
/// underlying data."
///
/// https://spec.graphql.org/October2021/#sec-Fragment-spreads-must-not-form-cycles
final class NoFragmentCyclesRule: ContextVisitor, ValidationVisitor {
  override class var ruleCallbacks: ValidationCallbacks { [.enterFragmentDefinition] }
  override class var isReusable: Bool { true }
  override func reset() {
    visited = []
    spreadPath = []
    pathIndexByName = [:]
  }

  /// Fragments already searched; each cycle is reported once, from its first fragment.
  private var visited: Set<String> = []
  private var spreadPath: [FragmentSpread] = []
  private var pathIndexByName: [String: Int] = [:]

  func enterFragmentDefinition(_ node: FragmentDefinition) { detectCycles(from: node) }

  private func detectCycles(from fragment: FragmentDefinition) {
    let name = fragment.name.value
    guard visited.insert(name).inserted else { return }
    let spreads = context.fragmentSpreads(in: fragment.selectionSet)
    guard !spreads.isEmpty else { return }
    pathIndexByName[name] = spreadPath.count
    for spread in spreads {
      let spreadName = spread.name.value
      spreadPath.append(spread)
      if let cycleStart = pathIndexByName[spreadName] {
        let cycle = spreadPath[cycleStart...]
        let via = cycle.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
        context.report(
          "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
          nodes: cycle.map(\.range))
      } else if let target = context.fragment(named: spreadName) {
        detectCycles(from: target)
      }
      spreadPath.removeLast()
    }
    pathIndexByName[name] = nil
  }
}

extension ValidationRule {
  /// Fragments never spread themselves, directly or indirectly.
  public static let noFragmentCycles = ValidationRule(NoFragmentCyclesRule.self)
}
