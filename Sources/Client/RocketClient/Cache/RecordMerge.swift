/// How incoming records combine with the stored ones: the one rule every ``NormalizedCache``
/// store applies, so that stores differ in where records live, never in what they hold.
public enum RecordMerge {
  /// The records to store for `records` written over what `stored` holds, each marked with
  /// whether its fields changed. Fields merge one by one, the new value winning, each field
  /// written stamped at `time` with `origin`'s operation and max-age. An object stored by path
  /// because its selection had no `id` (`Launch:42.rocket`) goes into the keyed record the same
  /// field of the same parent pointed to (`Rocket:falcon9`), so answers that asked for the id
  /// stay whole.
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
