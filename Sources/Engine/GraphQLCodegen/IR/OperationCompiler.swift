import GraphQL
import GraphQLWire

/// Turns a validated document into operation and fragment IR, including the compact wire
/// document of each operation (with `__typename` added to every object below the root, for the
/// cache; the generated types have it only where type cases need it).
struct OperationCompiler {
  let schema: GraphQLSchema

  func compile(_ document: Document, sourcePath: String) -> ([OperationIR], [FragmentIR]) {
    let inserter = TypenameInserter(schema: schema)
    let wireInserter = TypenameInserter(schema: schema, everyObject: true)
    var fragments: [String: FragmentDefinition] = [:]
    var wireFragments: [String: FragmentDefinition] = [:]
    var fragmentOrder: [String] = []
    for fragment in document.fragments {
      fragments[fragment.name.value] = inserter.insert(into: fragment)
      wireFragments[fragment.name.value] = wireInserter.insert(into: fragment)
      fragmentOrder.append(fragment.name.value)
    }
    let collector = SelectionCollector(schema: schema, fragments: fragments)

    let operations = document.operations.compactMap { original -> OperationIR? in
      guard let name = original.name?.value, let root = schema.rootType(for: original.operation) else {
        return nil
      }
      let operation = inserter.insert(into: original)
      let used = fragmentsUsed(by: operation.selectionSet, in: fragments)
      let wireDocument = Document(
        definitions: [.operation(Self.undescribed(wireInserter.insert(into: original)))]
          + fragmentOrder.filter(used.contains).compactMap { name in
            wireFragments[name].map { fragment in
              var plain = fragment
              plain.description = nil
              return .fragment(plain)
            }
          })
      return OperationIR(
        name: name, type: operation.operation,
        variables: operation.variableDefinitions.map {
          VariableIR(
            name: $0.variable.name.value, type: GraphQLTypeReference($0.type),
            hasDefault: $0.defaultValue != nil)
        },
        selectionSet: collector.collect([operation.selectionSet], on: root.name),
        document: printCompact(wireDocument), sourcePath: sourcePath,
        catchTo: ClientDirectives.catchTo(original.directives))
    }
    let fragmentIRs = fragmentOrder.compactMap { name -> FragmentIR? in
      guard let fragment = fragments[name] else { return nil }
      return FragmentIR(
        name: name,
        selectionSet: collector.collect([fragment.selectionSet], on: fragment.typeCondition.name.value))
    }
    return (operations, fragmentIRs)
  }

  /// The operation without descriptions: they document the source file, and servers that
  /// predate the September 2025 spec (graphql-js before 16.12) refuse them as a syntax error.
  static func undescribed(_ operation: OperationDefinition) -> OperationDefinition {
    var plain = operation
    plain.description = nil
    plain.variableDefinitions = operation.variableDefinitions.map { definition in
      var plainDefinition = definition
      plainDefinition.description = nil
      return plainDefinition
    }
    return plain
  }

  /// The names of the fragments `selectionSet` spreads, directly or through other fragments.
  private func fragmentsUsed(by selectionSet: SelectionSet, in fragments: [String: FragmentDefinition])
    -> Set<String>
  {
    Set(fragmentsReached(from: [selectionSet]) { fragments[$0]?.selectionSet })
  }
}
