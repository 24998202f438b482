/// A record as a ``NormalizedCache`` gives it back: its fields and when they were written.
public struct StoredRecord: Hashable, Sendable {
  /// The record.
  public var record: CacheRecord
  /// When it was last written (seconds since 1970): an answer is as old as its oldest record.
  public var writtenAt: Int64

  /// - Parameters:
  ///   - record: the record.
  ///   - writtenAt: when it was last written, in seconds since 1970.
  public init(record: CacheRecord, writtenAt: Int64) {
    self.record = record
    self.writtenAt = writtenAt
  }
}
