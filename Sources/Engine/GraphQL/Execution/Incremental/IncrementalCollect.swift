import GraphQLWire

/// Spec 6.3.2 CollectFields with graphql-js 17's `@defer` handling, for incremental executions:
/// every field node remembers the `@defer` it was collected under, and each `@defer` met is a new
/// `DeferUsage`. Ordinary executions never come here (`CollectFields.swift` ignores `@defer`).
extension ExecutionContext {
  /// The fields of one or more selection sets, each node with its defer usage.
  struct DeferredCollection {
    var keys: [String] = []
    var nodesByKey: [String: [(node: Field, usage: DeferUsage?)]] = [:]
    /// The `@defer`s met at this level, in document order.
    var newUsages: [DeferUsage] = []
  }

  /// graphql-js 17's `collectFields`/`collectSubfields` for `objectType`.
  func collectDeferred(objectType: GraphQLObjectType, _ selectionSets: [(SelectionSet, DeferUsage?)])
    -> DeferredCollection
  {
    var collection = DeferredCollection()
    // Fragment names with the usages (by directive offset, -1 for none) they were spread under.
    var visited: [String: Set<Int>] = [:]
    for (selectionSet, usage) in selectionSets {
      collectDeferred(objectType, selectionSet, usage, into: &collection, visited: &visited)
    }
    return collection
  }

  private func collectDeferred(
    _ objectType: GraphQLObjectType, _ selectionSet: SelectionSet, _ usage: DeferUsage?,
    into collection: inout DeferredCollection, visited: inout [String: Set<Int>]
  ) {
    var ignored = false
    for selection in selectionSet.selections {
      guard shouldInclude(selection.directives, usesVariables: &ignored) else { continue }
      switch selection {
      case .field(let field):
        let key = field.responseKey
        if collection.nodesByKey[key] == nil {
          collection.keys.append(key)
          collection.nodesByKey[key] = [(field, usage)]
        } else {
          collection.nodesByKey[key]?.append((field, usage))
        }
      case .inlineFragment(let fragment):
        if let condition = fragment.typeCondition, !doesFragmentTypeApply(objectType, condition.name.value) {
          continue
        }
        let newUsage = deferUsage(fragment.directives, parent: usage)
        if let newUsage { collection.newUsages.append(newUsage) }
        collectDeferred(
          objectType, fragment.selectionSet, newUsage ?? usage, into: &collection, visited: &visited)
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard let fragment = fragments[name],
          doesFragmentTypeApply(objectType, fragment.typeCondition.name.value)
        else { continue }
        let newUsage = deferUsage(spread.directives, parent: usage)
        let effective = newUsage ?? usage
        let marker = effective.map { $0.directiveOffset ?? -2 } ?? -1
        let seen = visited[name, default: []]
        if seen.contains(-1) || seen.contains(marker) { continue }
        visited[name, default: []].insert(marker)
        if let newUsage { collection.newUsages.append(newUsage) }
        collectDeferred(objectType, fragment.selectionSet, effective, into: &collection, visited: &visited)
      }
    }
  }

  /// The usage a `@defer` among `directives` starts, or nil when there is none or its `if` is false.
  private func deferUsage(_ directives: [Directive], parent: DeferUsage?) -> DeferUsage? {
    guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
    let arguments = directiveArguments(directive)
    if arguments["if"]?.boolValue == false { return nil }
    return DeferUsage(
      label: arguments["label"]?.stringValue, parent: parent, directiveOffset: directive.range?.start)
  }

  /// A directive's arguments as values: literals, or the request's variables (a variable with no
  /// value is left out, so the directive's default applies).
  func directiveArguments(_ directive: Directive) -> [String: JSON] {
    var values: [String: JSON] = [:]
    for argument in directive.arguments {
      switch argument.value {
      case .variable(let variable):
        if let value = variables[variable.name.value] { values[argument.name.value] = value }
      case .boolean(let value, _): values[argument.name.value] = .bool(value)
      case .string(let value, _, _): values[argument.name.value] = .string(value)
      case .int(let text, _): values[argument.name.value] = Int(text).map(JSON.int) ?? .null
      case .null: values[argument.name.value] = .null
      default: break
      }
    }
    return values
  }
}
