import GraphQL
import GraphQLWire

/// Collects AST selection sets into `SelectionSetIR`, merging fields that share a response key
/// and folding in fragments whose type condition always holds for the parent type.
///
/// The document has passed validation, so the lookups here succeed; a failed lookup is skipped
/// rather than trusted.
struct SelectionCollector {
  let schema: GraphQLSchema
  let fragments: [String: FragmentDefinition]

  /// The IR for `selectionSets` (all made on `parentType`).
  func collect(_ selectionSets: [SelectionSet], on parentType: String) -> SelectionSetIR {
    var accumulator = Accumulator()
    for selectionSet in selectionSets {
      gather(selectionSet, on: parentType, conditional: false, into: &accumulator, visited: [])
    }
    var fields: [FieldIR] = []
    for key in accumulator.order {
      guard let pending = accumulator.fields[key] else { continue }
      var field = pending.field
      if let childType = pending.childType {
        field.selectionSet = collect(pending.childSelections, on: childType)
      }
      fields.append(field)
    }
    let typeCases = accumulator.typeCaseOrder.map { typeName in
      TypeCaseIR(
        typeName: typeName,
        selectionSet: collect(selectionSets, on: typeName))
    }
    let deferred = accumulator.deferred.enumerated().map { index, fragment in
      switch fragment {
      case .inline(let label, let selectionSet):
        let name = label ?? "deferred\(index + 1)"
        return DeferredFragmentIR(
          propertyName: SwiftNaming.identifier(name.prefix(1).lowercased() + name.dropFirst()),
          typeName: SwiftNaming.typeName(forField: name, isList: false),
          selectionSet: collect([selectionSet], on: parentType))
      case .spread(let name):
        return DeferredFragmentIR(
          propertyName: SwiftNaming.identifier(name.prefix(1).lowercased() + name.dropFirst()),
          typeName: name, selectionSet: nil)
      }
    }
    return SelectionSetIR(
      parentType: parentType, fields: fields, fragments: accumulator.fragments, typeCases: typeCases,
      deferredFragments: deferred)
  }

  /// A fragment marked `@defer`, kept apart from the fields that arrive with the object.
  private enum PendingDeferred {
    case inline(label: String?, SelectionSet)
    case spread(String)
  }

  private struct PendingField {
    var field: FieldIR
    var childType: String?
    var childSelections: [SelectionSet]
  }

  private struct Accumulator {
    var order: [String] = []
    var fields: [String: PendingField] = [:]
    var fragments: [String] = []
    var typeCaseOrder: [String] = []
    var deferred: [PendingDeferred] = []
  }

  private func gather(
    _ selectionSet: SelectionSet, on parentType: String, conditional: Bool,
    into accumulator: inout Accumulator, visited: Set<String>
  ) {
    for selection in selectionSet.selections {
      let isConditional = conditional || hasConditionalDirective(selection.directives)
      switch selection {
      case .field(let node):
        addField(node, on: parentType, conditional: isConditional, into: &accumulator)
      case .inlineFragment(let fragment):
        let condition = fragment.typeCondition?.name.value ?? parentType
        if let label = deferral(fragment.directives), applies(condition, toEvery: parentType) {
          accumulator.deferred.append(.inline(label: label, fragment.selectionSet))
        } else if applies(condition, toEvery: parentType) {
          gather(
            fragment.selectionSet, on: parentType, conditional: isConditional, into: &accumulator,
            visited: visited)
        } else if narrows(parentType, to: condition) && !accumulator.typeCaseOrder.contains(condition) {
          accumulator.typeCaseOrder.append(condition)
        }
      case .fragmentSpread(let spread):
        let name = spread.name.value
        guard let fragment = fragments[name], !visited.contains(name) else { continue }
        let condition = fragment.typeCondition.name.value
        if deferral(spread.directives) != nil, applies(condition, toEvery: parentType) {
          if !accumulator.deferred.contains(where: { if case .spread(name) = $0 { true } else { false } }) {
            accumulator.deferred.append(.spread(name))
          }
        } else if applies(condition, toEvery: parentType) {
          if !isConditional && !accumulator.fragments.contains(name) {
            accumulator.fragments.append(name)
          }
          gather(
            fragment.selectionSet, on: parentType, conditional: isConditional, into: &accumulator,
            visited: visited.union([name]))
        } else if narrows(parentType, to: condition) && !accumulator.typeCaseOrder.contains(condition) {
          accumulator.typeCaseOrder.append(condition)
        }
      }
    }
  }

  private func addField(
    _ node: Field, on parentType: String, conditional: Bool, into accumulator: inout Accumulator
  ) {
    let key = node.responseKey
    let definition: GraphQLField
    if node.name.value == "__typename" {
      definition = GraphQLField(name: "__typename", type: .nonNull(.named("String")))
    } else {
      guard let found = schema.type(named: parentType)?.fields?[node.name.value] else { return }
      definition = found
    }
    if var existing = accumulator.fields[key] {
      existing.field.isConditional = existing.field.isConditional && conditional
      if let child = node.selectionSet { existing.childSelections.append(child) }
      accumulator.fields[key] = existing
      return
    }
    let namedType = definition.type.namedType
    let isComposite = schema.type(named: namedType)?.isCompositeType ?? false
    accumulator.order.append(key)
    accumulator.fields[key] = PendingField(
      field: FieldIR(
        responseKey: key, fieldName: definition.name, arguments: node.arguments, type: definition.type,
        isConditional: conditional,
        description: definition.description, deprecationReason: definition.deprecationReason,
        selectionSet: nil, catchTo: ClientDirectives.catchTo(node.directives),
        semanticNonNullLevels: ClientDirectives.semanticNonNullLevels(definition)),
      childType: isComposite ? namedType : nil,
      childSelections: node.selectionSet.map { [$0] } ?? [])
  }

  /// Whether a fragment on `condition` matches every object that `parentType` can be.
  private func applies(_ condition: String, toEvery parentType: String) -> Bool {
    if condition == parentType { return true }
    let possible = schema.possibleTypes(of: parentType)
    guard !possible.isEmpty else { return false }
    return possible.allSatisfy { schema.isPossibleType($0.name, of: condition) }
  }

  /// Whether an abstract `parentType` may be a `condition` without always being one: only then
  /// is a type case worth generating (an object type never narrows further).
  private func narrows(_ parentType: String, to condition: String) -> Bool {
    guard schema.type(named: parentType)?.isAbstractType ?? false else { return false }
    return schema.typesOverlap(parentType, condition)
  }

  /// The `@defer` among `directives`, as its label (nil inside when it has none); nil when there
  /// is no `@defer`, or it says `if: false`, which makes the fragment an ordinary one.
  private func deferral(_ directives: [Directive]) -> String?? {
    guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
    let arguments = directive.arguments
    if let condition = arguments.first(where: { $0.name.value == "if" }),
      case .boolean(false, _) = condition.value
    {
      return nil
    }
    guard let label = arguments.first(where: { $0.name.value == "label" }),
      case .string(let text, _, _) = label.value
    else { return .some(nil) }
    return .some(text)
  }

  private func hasConditionalDirective(_ directives: [Directive]) -> Bool {
    directives.contains { $0.name.value == "skip" || $0.name.value == "include" }
  }
}
