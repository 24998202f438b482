/// What validation looks up on every field, computed once per schema: for each composite type,
/// its fields (with the implicit `__typename`, and `__schema`/`__type` on the query root), each
/// with its output type already resolved to a named type.
///
/// Immutable, so shared freely; each `GraphQLSchema` builds its own when it is made and keeps it
/// (`GraphQLSchema.validationIndex`), so validating takes no lock and consults no global table.
final class SchemaValidationIndex: Sendable {
  /// One field of one composite type, ready for `TypeInfo`.
  final class FieldEntry: Sendable {
    let field: GraphQLField
    /// The field's type, if it is an output type of the schema.
    let outputType: GraphQLTypeReference?
    /// The named type at the core of `outputType`.
    let namedOutputType: GraphQLNamedType?

    init(field: GraphQLField, typeMap: [String: GraphQLNamedType]) {
      self.field = field
      let named = typeMap[field.type.namedType]
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

  /// - Parameters:
  ///   - typeNames: the schema's type names, in definition order.
  ///   - typeMap: the schema's types by name.
  ///   - queryTypeName: the query root's name (it alone has `__schema` and `__type`).
  init(typeNames: [String], typeMap: [String: GraphQLNamedType], queryTypeName: String) {
    var fieldsByType: [String: [String: FieldEntry]] = [:]
    for name in typeNames {
      guard let type = typeMap[name], type.isCompositeType else { continue }
      var entries: [String: FieldEntry] = [:]
      for field in type.fields?.ordered ?? [] where entries[field.name] == nil {
        entries[field.name] = FieldEntry(field: field, typeMap: typeMap)
      }
      entries["__typename"] = FieldEntry(field: MetaFields.typename, typeMap: typeMap)
      if name == queryTypeName {
        entries["__schema"] = FieldEntry(field: MetaFields.schema, typeMap: typeMap)
        entries["__type"] = FieldEntry(field: MetaFields.type, typeMap: typeMap)
      }
      fieldsByType[name] = entries
    }
    self.fieldsByType = fieldsByType
  }
}
