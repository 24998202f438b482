import GraphQLWire

/// When one cached field was written, by which operation's answer, and how long it stays fresh.
///
/// The max-age comes from the schema's `@cacheControl` hints (``GraphQLAPI/CacheHints``), capped
/// by the answer's `Cache-Control`; nil when neither gave one, and then only the store's age
/// bound (7 days for the file) limits the field.
public struct CacheFieldStamp: Hashable, Sendable {
  /// When it was written, in seconds since 1970.
  public var writtenAt: Int64
  /// Seconds it stays fresh after ``writtenAt``; nil: no hint.
  public var maxAge: Int?
  /// The operation whose answer wrote it (`LaunchDetails`); nil when not known.
  public var operation: String?

  /// - Parameters:
  ///   - writtenAt: when it was written.
  ///   - maxAge: seconds fresh (default none).
  ///   - operation: the writer (default unknown).
  public init(writtenAt: Int64, maxAge: Int? = nil, operation: String? = nil) {
    self.writtenAt = writtenAt
    self.maxAge = maxAge
    self.operation = operation
  }

  /// Whether the field is past its max-age at `now`: as in HTTP, fresh while its age is below
  /// the max-age, so a max-age of 0 is stale at once.
  public func isStale(at now: Int64) -> Bool {
    guard let maxAge else { return false }
    return now - writtenAt >= Int64(maxAge)
  }

  /// The stamps of a record as the cache file keeps them: one group per distinct stamp,
  /// `[[writtenAt, maxAge or null, operation or null, [field, ...]], ...]`, fields sorted, so
  /// a record written by one answer costs one short group.
  static func storedText(_ stamps: [String: CacheFieldStamp]) -> String {
    var groups: [CacheFieldStamp: [String]] = [:]
    for (field, stamp) in stamps { groups[stamp, default: []].append(field) }
    let ordered = groups.map { ($0.key, $0.value.sorted()) }.sorted { $0.1[0] < $1.1[0] }
    return JSON.array(
      ordered.map { stamp, fields in
        .array([
          .int(Int(stamp.writtenAt)), stamp.maxAge.map { .int($0) } ?? .null,
          stamp.operation.map { .string($0) } ?? .null, .array(fields.map { .string($0) }),
        ])
      }
    ).encodedString
  }

  /// Reads stamps written by ``storedText(_:)``; nil when the text is not such a list.
  static func stamps(storedText: String) -> [String: CacheFieldStamp]? {
    guard case .array(let groups)? = try? JSON(parsing: storedText) else { return nil }
    var stamps: [String: CacheFieldStamp] = [:]
    for group in groups {
      guard case .array(let parts) = group, parts.count == 4, case .int(let written) = parts[0],
        case .array(let fields) = parts[3]
      else { return nil }
      let maxAge: Int? = if case .int(let value) = parts[1] { value } else { nil }
      let stamp = CacheFieldStamp(writtenAt: Int64(written), maxAge: maxAge, operation: parts[2].stringValue)
      for field in fields {
        if let name = field.stringValue { stamps[name] = stamp }
      }
    }
    return stamps
  }
}

/// What a write knows of the fields it brings: the operation whose answer they are, and how long
/// each stays fresh.
public struct CacheWriteOrigin: Hashable, Sendable {
  /// The operation (`LaunchDetails`); nil when not known.
  public var operation: String?
  /// Seconds each field stays fresh, by record key, then field key; a field left out has no
  /// max-age (the store's age bound).
  public var maxAges: [String: [String: Int]]

  /// - Parameters:
  ///   - operation: the operation (default unknown).
  ///   - maxAges: max-ages by record and field key (default none).
  public init(operation: String? = nil, maxAges: [String: [String: Int]] = [:]) {
    self.operation = operation
    self.maxAges = maxAges
  }
}
