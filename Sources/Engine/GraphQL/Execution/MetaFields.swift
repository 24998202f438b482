/// The implicit meta fields (spec 4.2), as the executor and the validation rules refer to them: the
/// type system's `IntrospectionMetaFields` definitions.
enum MetaFields {
  /// `__typename: String!`, on every composite type.
  static let typename = IntrospectionMetaFields.typeName
  /// `__schema: __Schema!`, on the query root.
  static let schema = IntrospectionMetaFields.schema
  /// `__type(name: String!): __Type`, on the query root.
  static let type = IntrospectionMetaFields.type
}
