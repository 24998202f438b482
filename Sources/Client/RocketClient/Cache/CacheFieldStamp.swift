import GraphQLWire

/// When one cached field was written, by which operation's answer, and how long it stays fresh:
/// the schema's `@cacheControl` hint capped by the answer's `Cache-Control`, or nil (then only
/// the store's age bound limits it).
public struct CacheFieldStamp: Hashable, Sendable {
  /// When it was written, in seconds since 1970.
  public var writtenAt: Int64
  /// Seconds it stays fresh after ``writtenAt``; nil: no hint.
  public var maxAge: Int?
  /// The operation whose answer wrote it (`LaunchDetails`); nil when not known.
  public var operation: String?

  /// A stamp (default: no max-age, writer unknown).
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
  /// `[writtenAt, maxAge or null, operation or null, [field, ...]]`, except that the group
  /// covering the most fields comes first and lists none (it stamps every field no other group
  /// lists), so a record written by one answer costs one short group: `[[1796201580,60,"LaunchDetails"]]`.
  static func storedText(_ stamps: [String: CacheFieldStamp]) -> String {
    var groups: [CacheFieldStamp: [String]] = [:]
    for (field, stamp) in stamps { groups[stamp, default: []].append(field) }
    // Largest first, ties by first field, so equal stamps store equal text.
    let ordered = groups.map { ($0.key, $0.value.sorted()) }.sorted {
      $0.1.count != $1.1.count ? $0.1.count > $1.1.count : $0.1[0] < $1.1[0]
    }
    return JSON.array(
      ordered.enumerated().map { index, group in
        var parts: [JSON] = [
          .int(Int(group.0.writtenAt)), group.0.maxAge.map { .int($0) } ?? .null,
          group.0.operation.map { .string($0) } ?? .null,
        ]
        if index > 0 { parts.append(.array(group.1.map { .string($0) })) }
        return .array(parts)
      }
    ).encodedString
  }

  /// Reads the stamps of `fields` written by ``storedText(_:)``; nil when the text is not such a
  /// list.
  static func stamps(storedText: String, fields: some Sequence<String>) -> [String: CacheFieldStamp]? {
    guard case .array(let groups)? = try? JSON(parsing: storedText) else { return nil }
    var stamps: [String: CacheFieldStamp] = [:]
    var rest: CacheFieldStamp?
    for group in groups {
      guard case .array(let parts) = group, parts.count == 3 || parts.count == 4,
        case .int(let written) = parts[0]
      else { return nil }
      let maxAge: Int? = if case .int(let value) = parts[1] { value } else { nil }
      let stamp = CacheFieldStamp(writtenAt: Int64(written), maxAge: maxAge, operation: parts[2].stringValue)
      guard parts.count == 4 else {
        rest = stamp
        continue
      }
      guard case .array(let listed) = parts[3] else { return nil }
      for field in listed {
        if let name = field.stringValue { stamps[name] = stamp }
      }
    }
    if let rest {
      for field in fields where stamps[field] == nil { stamps[field] = rest }
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

  /// A write's origin (default: unknown operation, no max-ages).
  public init(operation: String? = nil, maxAges: [String: [String: Int]] = [:]) {
    self.operation = operation
    self.maxAges = maxAges
  }
}
