import GraphQLAPI
import GraphQLWire

/// Rebuilds a response's `data` from normalized records, or says which fields are missing: the
/// reverse of ``ResponseNormalizer``. A paginated field is read as one list, page after page by
/// `cursor` while the cache has them (list fields concatenated, the others from the last page).
package struct CacheReader {
  /// A record and when it was written (seconds since 1970).
  package typealias Loaded = (record: CacheRecord, written: Int64)

  /// The request's variables, for field keys.
  package let variables: JSONObject
  private let load: (String) -> StoredRecord?
  /// The time fields' max-ages are judged at; nil: no field is stale.
  private let now: Int64?
  /// `record.field` for each field the cache lacks, in reading order.
  package private(set) var missing: [String] = []
  /// `record.field` for each field read that is past its max-age, in reading order.
  package private(set) var stale: [String] = []
  /// Every record key the read looked at (found or not): a watcher's dependencies.
  package private(set) var keysRead: Set<String> = []
  /// When the oldest field used was written: the answer is as old as its oldest part.
  package private(set) var oldestWrite: Int64?
  /// Whether to note each record and field read, for `cache show --query`.
  package var tracesFields = false
  /// Every record read, by key (when ``tracesFields``).
  package private(set) var recordsRead: [String: StoredRecord] = [:]
  /// The keys of ``recordsRead`` in reading order.
  package private(set) var recordOrder: [String] = []
  /// The fields read of each record, by record key, in reading order (when ``tracesFields``).
  package private(set) var fieldsRead: [String: [String]] = [:]

  /// A reader over records without stamps; `load` gives the record for a key, or nil.
  package init(variables: JSONObject, load: @escaping (String) -> Loaded?) {
    self.init(variables: variables, now: nil) { key in
      load(key).map { StoredRecord(record: $0.record, writtenAt: $0.written) }
    }
  }

  /// A reader judging max-ages at `now` (nil: nothing is stale); `load` gives the record for a
  /// key with its stamps, or nil.
  package init(variables: JSONObject, now: Int64?, stored load: @escaping (String) -> StoredRecord?) {
    self.variables = variables
    self.now = now
    self.load = load
  }

  private mutating func note(_ stored: StoredRecord) {
    guard tracesFields, recordsRead[stored.record.key] == nil else { return }
    recordsRead[stored.record.key] = stored
    recordOrder.append(stored.record.key)
  }

  /// Notes that `field` of `stored` was used: its age, and whether it is stale.
  private mutating func use(_ stored: StoredRecord, _ field: String) {
    let stamp = stored.stamp(of: field)
    oldestWrite = min(oldestWrite ?? stamp.writtenAt, stamp.writtenAt)
    if tracesFields {
      note(stored)
      let key = stored.record.key
      if fieldsRead[key]?.contains(field) != true { fieldsRead[key, default: []].append(field) }
    }
    if let now, stamp.isStale(at: now) { stale.append(stored.record.key + "." + field) }
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
    note(loaded)
    var object = JSONObject()
    fill(&object, from: loaded, selections)
    return object
  }

  private mutating func fill(_ object: inout JSONObject, from stored: StoredRecord, _ selections: [Selection])
  {
    let record = stored.record
    for selection in selections {
      switch selection {
      case .field(let field):
        if CacheKeys.isPaginated(field) {
          let fieldKey = CacheKeys.field(field, variables: variables, dropping: CacheKeys.pageArguments)
          guard case .reference(let connectionKey)? = record.fields[fieldKey] else {
            missing.append(record.key + "." + fieldKey)
            continue
          }
          use(stored, fieldKey)
          object[field.responseKey] = readPages(connectionKey, field)
          continue
        }
        let fieldKey = CacheKeys.field(field, variables: variables)
        guard let value = record.fields[fieldKey] else {
          if !field.isConditional { missing.append(record.key + "." + fieldKey) }
          continue
        }
        use(stored, fieldKey)
        object[field.responseKey] = read(value, field.selections)
      case .typeCase(let possibleTypes, let selections):
        if case .scalar(.string(let typename))? = record.fields["__typename"],
          possibleTypes.contains(typename)
        {
          fill(&object, from: stored, selections)
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
    note(loaded)
    let firstName = CacheKeys.page(after: CacheKeys.after(field, variables: variables))
    guard let start = loaded.record.fields[firstName] else {
      missing.append(connectionKey + "." + firstName)
      return .null
    }
    use(loaded, firstName)
    // A null page (the field failed) is the answer as it is.
    guard case .reference = start else { return read(start, field.selections) }

    // Every other page stored, by the cursor it follows; and each page's cursor with the item it
    // names (its last), so a page fetched with another page size still joins the list.
    var followers: [String: CacheValue] = [:]
    var cursorItems: [String: String] = [:]
    for (name, value) in loaded.record.fields {
      guard case .reference(let key) = value, let page = load(key)?.record else { continue }
      if name != firstName, let after = CacheKeys.cursor(followedBy: name) { followers[after] = value }
      if case .scalar(.string(let cursor))? = page.fields["cursor"],
        let last = Self.items(of: page)?.keys.last
      {
        cursorItems[cursor] = last
      }
    }
    var merged = JSONObject()
    var itemIndex: [String: Int] = [:]
    var current: CacheValue? = start
    var isFirst = true
    while case .reference(let pageKey)? = current, let record = load(pageKey)?.record {
      let missingBefore = missing.count
      guard case .object(let page) = read(.reference(pageKey), field.selections) else { break }
      if !isFirst && missing.count > missingBefore {
        // A later page no longer whole (evicted in part) ends the list instead of spoiling it.
        missing.removeSubrange(missingBefore...)
        break
      }
      let items = Self.items(of: record)
      let keys = items?.keys ?? []
      for (name, value) in page {
        guard !isFirst, case .array(let elements) = value else {
          merged[name] = value
          continue
        }
        var combined = merged[name]?.arrayValue ?? []
        for (offset, element) in elements.enumerated() {
          let key = offset < keys.count && name == items?.field ? keys[offset] : nil
          if let key, itemIndex[key] != nil { continue }
          combined.append(element)
        }
        merged[name] = .array(combined)
      }
      for key in keys where itemIndex[key] == nil { itemIndex[key] = itemIndex.count }
      isFirst = false
      // Next: the page after this one's cursor; else the page after the furthest listed item.
      if let cursor = page["cursor"]?.stringValue, let next = followers.removeValue(forKey: cursor) {
        current = next
      } else {
        let best = followers.keys.compactMap { cursor in
          cursorItems[cursor].flatMap { itemIndex[$0] }.map { (cursor, $0) }
        }.max { $0.1 < $1.1 }
        current = best.flatMap { followers.removeValue(forKey: $0.0) }
      }
    }
    if isFirst {
      if case .reference(let key) = start { missing.append(key) }
      return .null
    }
    return .object(merged)
  }

  /// A page's items: its first list field (by key) and the record keys in it. Items are told
  /// apart by record, so a launch on two overlapping pages is listed once.
  private static func items(of page: CacheRecord) -> (field: String, keys: [String])? {
    for key in page.fields.keys.sorted() {
      guard case .list(let items)? = page.fields[key] else { continue }
      return (key, items.compactMap { if case .reference(let key) = $0 { key } else { nil } })
    }
    return nil
  }
}
