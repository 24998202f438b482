import GraphQLAPI

/// Rebuilds a response's `data` from normalized records, or says which fields are missing: the
/// reverse of ``ResponseNormalizer``.
///
/// A paginated field is read as one list: the page after the requested cursor, then the page
/// after that page's `cursor`, and so on while the cache has them; list fields are concatenated,
/// the others (`cursor`, `hasMore`) come from the last page.
package struct CacheReader {
  /// A record and when it was written (seconds since 1970).
  package typealias Loaded = (record: CacheRecord, written: Int64)

  /// The request's variables, for field keys.
  package let variables: JSONObject
  private let load: (String) -> Loaded?
  /// `record.field` for each field the cache lacks, in reading order.
  package private(set) var missing: [String] = []
  /// Every record key the read looked at (found or not): a watcher's dependencies.
  package private(set) var keysRead: Set<String> = []
  /// When the oldest record used was written: the answer is as old as its oldest part.
  package private(set) var oldestWrite: Int64?

  /// - Parameters:
  ///   - variables: the request's variables.
  ///   - load: the record for a key, or nil when the cache has none (or only an expired one).
  package init(variables: JSONObject, load: @escaping (String) -> Loaded?) {
    self.variables = variables
    self.load = load
  }

  /// The data for `selections` read from the record `rootKey`, or nil when anything is missing
  /// (then ``missing`` lists it).
  package mutating func read(_ selections: [Selection], rootKey: String) -> JSONObject? {
    let object = readObject(key: rootKey, selections)
    return missing.isEmpty ? object : nil
  }

  private mutating func readObject(key: String, _ selections: [Selection]) -> JSONObject {
    keysRead.insert(key)
    guard let loaded = load(key) else {
      missing.append(key)
      return JSONObject()
    }
    oldestWrite = min(oldestWrite ?? loaded.written, loaded.written)
    var object = JSONObject()
    fill(&object, from: loaded.record, selections)
    return object
  }

  private mutating func fill(_ object: inout JSONObject, from record: CacheRecord, _ selections: [Selection])
  {
    for selection in selections {
      switch selection {
      case .field(let field):
        if CacheKeys.isPaginated(field) {
          let fieldKey = CacheKeys.field(field, variables: variables, dropping: CacheKeys.pageArguments)
          guard case .reference(let connectionKey)? = record.fields[fieldKey] else {
            missing.append(record.key + "." + fieldKey)
            continue
          }
          object[field.responseKey] = readPages(connectionKey, field)
          continue
        }
        let fieldKey = CacheKeys.field(field, variables: variables)
        guard let value = record.fields[fieldKey] else {
          if !field.isConditional { missing.append(record.key + "." + fieldKey) }
          continue
        }
        object[field.responseKey] = read(value, field.selections)
      case .typeCase(let possibleTypes, let selections):
        if case .scalar(.string(let typename))? = record.fields["__typename"],
          possibleTypes.contains(typename)
        {
          fill(&object, from: record, selections)
        }
      }
    }
  }

  private mutating func read(_ value: CacheValue, _ selections: [Selection]) -> JSON {
    switch value {
    case .scalar(let json): json
    case .reference(let key): .object(readObject(key: key, selections))
    case .list(let items): .array(items.map { read($0, selections) })
    }
  }

  private mutating func readPages(_ connectionKey: String, _ field: Selection.Field) -> JSON {
    keysRead.insert(connectionKey)
    guard let loaded = load(connectionKey) else {
      missing.append(connectionKey)
      return .null
    }
    oldestWrite = min(oldestWrite ?? loaded.written, loaded.written)
    let first = CacheKeys.after(field, variables: variables)
    var after = first
    var visited: Set<String?> = []
    var pages: [JSONObject] = []
    while visited.insert(after).inserted, let value = loaded.record.fields[CacheKeys.page(after: after)] {
      guard case .reference = value else {
        // A null page (the field failed) ends the list; alone, it is the answer.
        if pages.isEmpty { return read(value, field.selections) }
        break
      }
      // A later page that is no longer whole (evicted in part) ends the list instead of
      // spoiling the pages before it.
      let missingBefore = missing.count
      guard case .object(let page) = read(value, field.selections) else { break }
      if !pages.isEmpty && missing.count > missingBefore {
        missing.removeSubrange(missingBefore...)
        break
      }
      pages.append(page)
      guard let cursor = page["cursor"]?.stringValue else { break }
      after = cursor
    }
    guard let last = pages.last else {
      missing.append(connectionKey + "." + CacheKeys.page(after: first))
      return .null
    }
    guard pages.count > 1 else { return .object(last) }
    var merged = JSONObject()
    for key in pages[0].keys {
      if case .array = pages[0][key] {
        merged[key] = .array(pages.flatMap { $0[key]?.arrayValue ?? [] })
      } else {
        merged[key] = last[key] ?? .null
      }
    }
    return .object(merged)
  }
}
