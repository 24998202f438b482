/// How incoming records combine with the stored ones: the one rule every ``NormalizedCache``
/// store applies, so that stores differ in where records live, never in what they hold.
public enum RecordMerge {
  /// The records to store for `records` written over what `stored` holds, each marked with
  /// whether its fields changed.
  ///
  /// Fields are merged one by one, the new value winning. An object stored by path because its
  /// selection had no `id` (`Launch:42.rocket` from a query asking only `rocket { name }`) is the
  /// object a keyed record already stands for when the same field of the same parent pointed
  /// there (`Rocket:falcon9`): its fields go into that record, so the answers that did ask for
  /// the id stay whole.
  ///
  /// - Parameters:
  ///   - records: the records of one answer.
  ///   - stored: the stored record of a key, or nil.
  /// - Returns: the merged records, each with whether it differs from the stored one.
  /// - Throws: what `stored` throws.
  public static func merge<Failure: Error>(
    _ records: [CacheRecord], over stored: (String) throws(Failure) -> CacheRecord?
  ) throws(Failure) -> [(record: CacheRecord, changed: Bool)] {
    try merge(records, origin: CacheWriteOrigin(), at: 0) { key throws(Failure) in
      try stored(key).map { StoredRecord(record: $0, writtenAt: 0) }
    }.map { ($0.record.record, $0.changed) }
  }

  /// The records to store, as ``merge(_:over:)`` merges them, each field written by `records`
  /// stamped at `time` with `origin`'s operation and max-age (a field moved into a keyed record
  /// keeps its max-age), the others keeping their stamps.
  ///
  /// - Parameters:
  ///   - records: the records of one answer.
  ///   - origin: the operation and the max-ages of `records`' fields.
  ///   - time: the write's time, in seconds since 1970.
  ///   - stored: the stored record of a key, or nil.
  /// - Returns: the records to store, each with whether its fields differ from the stored ones.
  /// - Throws: what `stored` throws.
  public static func merge<Failure: Error>(
    _ records: [CacheRecord], origin: CacheWriteOrigin, at time: Int64,
    over stored: (String) throws(Failure) -> StoredRecord?
  ) throws(Failure) -> [(record: StoredRecord, changed: Bool)] {
    var known: [String: StoredRecord?] = [:]
    func existing(_ key: String) throws(Failure) -> StoredRecord? {
      if let record = known[key] { return record }
      let record = try stored(key)
      known[key] = .some(record)
      return record
    }
    var incoming: [String: CacheRecord] = [:]
    var maxAges = origin.maxAges
    for record in records { incoming[record.key] = record }
    for key in records.map(\.key) {
      guard var record = incoming[key], let old = try existing(key)?.record else { continue }
      for (field, value) in record.fields {
        let path = key + "." + field
        guard case .reference(path) = value, case .reference(let keyed)? = old.fields[field],
          !keyed.hasPrefix(key + "."), let child = incoming.removeValue(forKey: path)
        else { continue }
        record.fields[field] = .reference(keyed)
        var target = incoming[keyed] ?? CacheRecord(key: keyed)
        for (name, value) in child.fields where target.fields[name] == nil {
          target.fields[name] = value
          if let maxAge = maxAges[path]?[name] { maxAges[keyed, default: [:]][name] = maxAge }
        }
        incoming[keyed] = target
      }
      incoming[key] = record
    }
    var result: [(record: StoredRecord, changed: Bool)] = []
    result.reserveCapacity(incoming.count)
    for record in incoming.values {
      let old = try existing(record.key)
      let merged = old?.record.merging(record) ?? record
      var stamps = old?.allStamps ?? [:]
      let ages = maxAges[record.key]
      for field in record.fields.keys {
        stamps[field] = CacheFieldStamp(writtenAt: time, maxAge: ages?[field], operation: origin.operation)
      }
      result.append((StoredRecord(record: merged, writtenAt: time, stamps: stamps), merged != old?.record))
    }
    return result
  }
}
