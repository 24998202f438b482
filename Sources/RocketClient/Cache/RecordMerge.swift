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
    var known: [String: CacheRecord?] = [:]
    func existing(_ key: String) throws(Failure) -> CacheRecord? {
      if let record = known[key] { return record }
      let record = try stored(key)
      known[key] = .some(record)
      return record
    }
    var incoming: [String: CacheRecord] = [:]
    for record in records { incoming[record.key] = record }
    for key in records.map(\.key) {
      guard var record = incoming[key], let old = try existing(key) else { continue }
      for (field, value) in record.fields {
        let path = key + "." + field
        guard case .reference(path) = value, case .reference(let keyed)? = old.fields[field],
          !keyed.hasPrefix(key + "."), let child = incoming.removeValue(forKey: path)
        else { continue }
        record.fields[field] = .reference(keyed)
        var target = incoming[keyed] ?? CacheRecord(key: keyed)
        target.fields.merge(child.fields) { current, _ in current }
        incoming[keyed] = target
      }
      incoming[key] = record
    }
    var result: [(record: CacheRecord, changed: Bool)] = []
    result.reserveCapacity(incoming.count)
    for record in incoming.values {
      let old = try existing(record.key)
      let merged = old?.merging(record) ?? record
      result.append((merged, merged != old))
    }
    return result
  }
}
