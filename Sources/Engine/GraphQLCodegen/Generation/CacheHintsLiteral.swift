import GraphQL
import GraphQLWire

/// The `CacheHints(...)` literal of a schema's `@cacheControl(maxAge:, inheritMaxAge:)` hints on
/// object, interface and union types and on fields, sorted so the output is stable.
struct CacheHintsLiteral {
  let schema: GraphQLSchema

  /// The literal for an operation rooted at `rootType`, or nil when the schema has no hints
  /// (the operation then keeps the protocol's default, and no line is generated).
  func literal(rootType: String) -> String? {
    var types: [(String, String)] = []
    var fields: [(String, String)] = []
    for name in schema.typeNames where !name.hasPrefix("__") {
      let directives: [Directive]
      var fieldDefinitions: [FieldDefinition] = []
      switch schema.type(named: name) {
      case .object(let object)?:
        directives = object.definition?.directives ?? []
        fieldDefinitions = object.fields.ordered.compactMap(\.definition)
      case .interface(let interface)?:
        directives = interface.definition?.directives ?? []
        fieldDefinitions = interface.fields.ordered.compactMap(\.definition)
      case .union(let union)?:
        directives = union.definition?.directives ?? []
      default:
        continue
      }
      if let hint = Self.hint(in: directives) { types.append((name, hint)) }
      for field in fieldDefinitions {
        if let hint = Self.hint(in: field.directives) { fields.append((name + "." + field.name.value, hint)) }
      }
    }
    guard !types.isEmpty || !fields.isEmpty else { return nil }
    func dictionary(_ entries: [(String, String)]) -> String {
      entries.isEmpty
        ? "[:]"
        : "["
          + entries.sorted { $0.0 < $1.0 }.map { "\(stringLiteral($0.0)): \($0.1)" }.joined(separator: ", ")
          + "]"
    }
    return
      "CacheHints(rootType: \(stringLiteral(rootType)), types: \(dictionary(types)), fields: \(dictionary(fields)))"
  }

  /// `.init(maxAge: 60)`, `.init(inheritMaxAge: true)`; nil for no `@cacheControl` or one that
  /// only gives a scope.
  private static func hint(in directives: [Directive]) -> String? {
    guard let hint = CacheControlHints.hint(in: directives) else { return nil }
    // In the initializer's order.
    let parts = [hint.maxAge.map { "maxAge: \($0)" }, hint.inheritMaxAge ? "inheritMaxAge: true" : nil]
      .compactMap { $0 }
    return parts.isEmpty ? nil : ".init(" + parts.joined(separator: ", ") + ")"
  }
}
