/// A record as a ``NormalizedCache`` gives it back: its fields, when it was last written, and
/// each field's own stamp (when, by which operation, for how long).
public struct StoredRecord: Hashable, Sendable {
  /// The record.
  public var record: CacheRecord
  /// When it was last written (seconds since 1970): the store's age bound counts from here.
  public var writtenAt: Int64
  /// Each field's stamp, by field key; a field without one was written at ``writtenAt`` by an
  /// unknown operation, without a max-age (a record from a cache file of an older version).
  public var stamps: [String: CacheFieldStamp]

  /// A record (default no stamps: each field as old as the record).
  public init(record: CacheRecord, writtenAt: Int64, stamps: [String: CacheFieldStamp] = [:]) {
    self.record = record
    self.writtenAt = writtenAt
    self.stamps = stamps
  }

  /// The stamp of `field`: its own, else the record's write time without a max-age.
  public func stamp(of field: String) -> CacheFieldStamp {
    stamps[field] ?? CacheFieldStamp(writtenAt: writtenAt)
  }

  /// A stamp for every field the record has.
  var allStamps: [String: CacheFieldStamp] {
    var all: [String: CacheFieldStamp] = [:]
    all.reserveCapacity(record.fields.count)
    for field in record.fields.keys { all[field] = stamp(of: field) }
    return all
  }
}
