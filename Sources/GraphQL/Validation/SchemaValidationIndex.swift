import Synchronization

/// What validation looks up on every field, computed once per schema: for each composite type,
/// its fields (with the implicit `__typename`, and `__schema`/`__type` on the query root), each
/// with its output type already resolved to a named type.
///
/// Immutable, so shared freely; `index(for:)` keeps the indexes of the last few schemas used.
final class SchemaValidationIndex: Sendable {
  /// One field of one composite type, ready for `TypeInfo`.
  final class FieldEntry: Sendable {
    let field: GraphQLField
    /// The field's type, if it is an output type of the schema.
    let outputType: GraphQLTypeReference?
    /// The named type at the core of `outputType`.
    let namedOutputType: GraphQLNamedType?

    init(field: GraphQLField, schema: GraphQLSchema) {
      self.field = field
      let named = schema.namedType(of: field.type)
      if let named, named.isOutputType {
        outputType = field.type
        namedOutputType = named
      } else {
        outputType = nil
        namedOutputType = nil
      }
    }
  }

  /// Fields by composite type name, then by field name.
  let fieldsByType: [String: [String: FieldEntry]]

  init(schema: GraphQLSchema) {
    var fieldsByType: [String: [String: FieldEntry]] = [:]
    for name in schema.typeNames {
      guard let type = schema.typeMap[name], type.isCompositeType else { continue }
      var entries: [String: FieldEntry] = [:]
      for field in type.fields?.ordered ?? [] where entries[field.name] == nil {
        entries[field.name] = FieldEntry(field: field, schema: schema)
      }
      entries["__typename"] = FieldEntry(field: MetaFields.typename, schema: schema)
      if name == schema.queryType.name {
        entries["__schema"] = FieldEntry(field: MetaFields.schema, schema: schema)
        entries["__type"] = FieldEntry(field: MetaFields.type, schema: schema)
      }
      fieldsByType[name] = entries
    }
    self.fieldsByType = fieldsByType
  }

  /// The recently used schemas and their indexes, most recent last. Holding the schema keeps its
  /// identity from being reused while its index is cached.
  private static let recent = Mutex<[(schema: GraphQLSchema, index: SchemaValidationIndex)]>([])
  private static let recentLimit = 8

  /// The index of `schema`, built on first use.
  static func index(for schema: GraphQLSchema) -> SchemaValidationIndex {
    if let found = recent.withLock({ entries in entries.last { $0.schema === schema }?.index }) {
      return found
    }
    let index = SchemaValidationIndex(schema: schema)
    recent.withLock { entries in
      entries.removeAll { $0.schema === schema }
      entries.append((schema, index))
      if entries.count > recentLimit { entries.removeFirst(entries.count - recentLimit) }
    }
    return index
  }
}
