import GraphQLAPI
import GraphQLWire

/// Splits a response's `data` into normalized records, guided by the generated `__selections`
/// (apollo-ios's `NormalizedCache` writes, without its hand-configured cache keys).
///
/// - An object of a type with an `id: ID!` field (``CacheKeys/record(typename:id:keyedTypes:)``)
///   becomes the record `Typename:id`, so every query that reaches launch 42 shares one record.
/// - Any other object is a record keyed by its path below the nearest keyed parent
///   (`Launch:42.mission`).
/// - A field is stored under its key with arguments (`missionPatch({"size":"LARGE"})`).
/// - A paginated field (``CacheKeys/isPaginated(_:)``) keeps its pages side by side in one
///   record, one field per `after` cursor, so a read can follow them as one list.
/// - A field named `token` is never stored: a session token must not reach the cache.
package struct ResponseNormalizer {
  /// The types keyed by id (from the schema, via the generated operation).
  package let keyedTypes: Set<String>
  /// The request's variables, for field keys.
  package let variables: JSONObject
  /// The schema's cache hints, which give each field its max-age.
  package let hints: CacheHints
  /// The records made so far, by key.
  package private(set) var records: [String: CacheRecord] = [:]
  /// Each field's max-age in seconds, by record key and field key; a field left out has no
  /// hint. A field reached twice keeps the lower.
  package private(set) var maxAges: [String: [String: Int]] = [:]

  package init(keyedTypes: Set<String>, variables: JSONObject, hints: CacheHints = .none) {
    self.keyedTypes = keyedTypes
    self.variables = variables
    self.hints = hints
  }

  /// Adds the records of `data`, whose selections are `selections`, stored at `rootKey`.
  package mutating func normalize(_ data: JSONObject, selections: [Selection], rootKey: String) {
    normalizeObject(data, selections, key: rootKey, type: hints.rootType, maxAge: nil)
  }

  /// `type` is the object's declared type (its `__typename` wins); `maxAge` that of its field.
  private mutating func normalizeObject(
    _ object: JSONObject, _ selections: [Selection], key: String, type: String, maxAge: Int?
  ) {
    var record = CacheRecord(key: key)
    record.fields.reserveCapacity(selections.count)
    let typename = object["__typename"]?.stringValue
    apply(selections, to: object, typename: typename, parent: (typename ?? type, maxAge), into: &record)
    // A child may have been the same record (a launch reached twice): merge, never overwrite.
    records[key] = records[key].map { $0.merging(record) } ?? record
  }

  private mutating func note(_ maxAge: Int?, record key: String, field: String) {
    guard let maxAge else { return }
    maxAges[key, default: [:]][field] = min(maxAges[key]?[field] ?? maxAge, maxAge)
  }

  private mutating func apply(
    _ selections: [Selection], to object: JSONObject, typename: String?,
    parent: (type: String, maxAge: Int?), into record: inout CacheRecord
  ) {
    for selection in selections {
      switch selection {
      case .field(let field):
        guard field.name != "token", let json = object[field.responseKey] else { continue }
        let maxAge = hints.maxAge(
          ofField: field.name, parentType: parent.type, returnType: field.type.namedType,
          isComposite: !field.selections.isEmpty, parentMaxAge: parent.maxAge)
        if CacheKeys.isPaginated(field) {
          let fieldKey = CacheKeys.field(field, variables: variables, dropping: CacheKeys.pageArguments)
          let connectionKey = record.key + "." + fieldKey
          let pageKey = CacheKeys.page(after: CacheKeys.after(field, variables: variables))
          let page = value(
            json, type: field.type, selections: field.selections, path: connectionKey + "." + pageKey,
            maxAge: maxAge)
          record.fields[fieldKey] = .reference(connectionKey)
          note(maxAge, record: record.key, field: fieldKey)
          var connection = records[connectionKey] ?? CacheRecord(key: connectionKey)
          connection.fields[pageKey] = page
          records[connectionKey] = connection
          note(maxAge, record: connectionKey, field: pageKey)
        } else {
          let fieldKey = CacheKeys.field(field, variables: variables)
          // Leaves need no path: only objects below get records of their own.
          record.fields[fieldKey] =
            field.selections.isEmpty
            ? .scalar(json)
            : value(
              json, type: field.type, selections: field.selections, path: record.key + "." + fieldKey,
              maxAge: maxAge)
          note(maxAge, record: record.key, field: fieldKey)
        }
      case .typeCase(let possibleTypes, let selections):
        if let typename, possibleTypes.contains(typename) {
          apply(selections, to: object, typename: typename, parent: parent, into: &record)
        }
      }
    }
  }

  private mutating func value(
    _ json: JSON, type: GraphQLTypeReference, selections: [Selection], path: String, maxAge: Int?
  ) -> CacheValue {
    guard !selections.isEmpty else { return .scalar(json) }
    switch json {
    case .array(let items):
      let element: GraphQLTypeReference
      if case .list(let inner) = type.nullable { element = inner } else { element = type }
      var values: [CacheValue] = []
      values.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        values.append(
          value(item, type: element, selections: selections, path: path + "." + String(index), maxAge: maxAge)
        )
      }
      return .list(values)
    case .object(let object):
      // Without `__typename` (a server that ignores it) an object type's own name serves.
      let typename = object["__typename"]?.stringValue ?? type.namedType
      let key = CacheKeys.record(typename: typename, id: object["id"], keyedTypes: keyedTypes) ?? path
      normalizeObject(object, selections, key: key, type: type.namedType, maxAge: maxAge)
      return .reference(key)
    default:
      return .scalar(json)
    }
  }
}
