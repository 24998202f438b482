import GraphQLWire
import Synchronization

/// What validation looks up on every field, computed once per schema: for each composite type,
/// its fields (with the implicit `__typename`, and `__schema`/`__type` on the query root), each
/// with its output type already resolved to a named type; and what the directive rules ask about
/// each directive.
///
/// Each `GraphQLSchema` builds its own when it is made and keeps it
/// (`GraphQLSchema.validationIndex`), so validating consults no global table. The facts are
/// immutable; only the schema's idle validation sessions sit behind a lock, taken once per
/// validation to borrow one and once to give it back.
final class SchemaValidationIndex: Sendable {
  /// One field of one composite type, ready for `TypeInfo`.
  final class FieldEntry: Sendable {
    let field: GraphQLField
    /// The field's type, if it is an output type of the schema.
    let outputType: GraphQLTypeReference?
    /// The named type at the core of `outputType`.
    let namedOutputType: GraphQLNamedType?
    /// The arguments a selection must give (non-null, no default), in declaration order.
    let requiredArguments: [GraphQLInputValue]
    /// Each argument's type if it is an input type of the schema, in `field.arguments` order.
    let argumentInputTypes: [GraphQLTypeReference?]

    init(field: GraphQLField, typeMap: [String: GraphQLNamedType]) {
      self.field = field
      requiredArguments = field.arguments.filter { $0.type.isNonNull && $0.defaultValue == nil }
      argumentInputTypes = field.arguments.map { argument in
        typeMap[argument.type.namedType]?.isInputType == true ? argument.type : nil
      }
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

  /// The fields of one composite type.
  final class FieldTable: Sendable {
    /// The field names as the AST stores them (short ones are two integers), in `entries` order.
    private let names: [NameText]
    private let entries: [FieldEntry]
    /// The entries by name, for types with too many fields to scan.
    private let byName: [String: FieldEntry]

    init(_ byName: [String: FieldEntry]) {
      self.byName = byName
      names = byName.keys.map(NameText.init)
      entries = Array(byName.values)
    }

    /// The field called `name`, if the type has one: found by comparing the stored names in
    /// place while the type has few fields, which costs less than hashing the name.
    func entry(named name: Name) -> FieldEntry? {
      guard names.count <= 32 else { return byName[name.value] }
      let text = name.text
      for index in names.indices where names[index] == text { return entries[index] }
      return nil
    }
  }

  /// Fields by composite type name.
  let fieldsByType: [String: FieldTable]
  /// The schema's directives by name, as the directive rules ask about them.
  let directives: [String: DirectiveFacts]
  /// Sessions of finished validations of this schema, kept for the next ones
  /// (`ValidationSession`); at most about as many as validations run at once.
  let idleSessions = Mutex<[ValidationSession]>([])

  /// - Parameters:
  ///   - typeNames: the schema's type names, in definition order.
  ///   - queryTypeName: the query root's name (it alone has `__schema` and `__type`).
  init(
    typeNames: [String], typeMap: [String: GraphQLNamedType], queryTypeName: String,
    directives: [GraphQLDirective]
  ) {
    var fieldsByType: [String: FieldTable] = [:]
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
      fieldsByType[name] = FieldTable(entries)
    }
    self.fieldsByType = fieldsByType
    self.directives = DirectiveFacts.table(directives)
  }
}
