extension Definition {
  /// Whether the definition ends where an optional `{ ... }` body could still follow (a type or
  /// extension without fields, values or operation types). A query shorthand printed right after
  /// it would be read as that body, so the printers keep the `query` keyword there; graphql-js
  /// prints the shorthand and does not round-trip in this case (found by the fuzzer).
  var endsWithoutBody: Bool {
    switch self {
    case .operation, .fragment: false
    case .typeSystem(.schema), .typeSystem(.directive): false
    case .typeSystem(.type(let type)): type.hasNoBody
    case .typeSystemExtension(.schema(let schema)): schema.operationTypes.isEmpty
    case .typeSystemExtension(.scalar), .typeSystemExtension(.union): false
    case .typeSystemExtension(.object(let node)), .typeSystemExtension(.interface(let node)):
      node.fields.isEmpty
    case .typeSystemExtension(.enumeration(let node)): node.values.isEmpty
    case .typeSystemExtension(.inputObject(let node)): node.fields.isEmpty
    }
  }
}

extension TypeDefinition {
  /// Whether a type that may have a braced body was written without one.
  fileprivate var hasNoBody: Bool {
    switch self {
    case .scalar, .union: false
    case .object(let node), .interface(let node): node.fields.isEmpty
    case .enumeration(let node): node.values.isEmpty
    case .inputObject(let node): node.fields.isEmpty
    }
  }
}
