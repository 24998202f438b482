import CommandLineKit
import GraphQLAPI
import GraphQLWire
import LaunchBackend
import RocketClient

/// `cache show KEY` and `cache show --query SELECTION`: the cache of the session's endpoint and
/// user, field by field, with each field's age, max-age, freshness and the operation that wrote it.
extension CacheCommand {
  func show(key: String?, query: String?, cache: SQLiteNormalizedCache, context: CommandContext)
    -> CommandOutcome
  {
    guard let session = context.session else { return context.fail("no session") }
    guard session.endpoint != nil else {
      return context.fail(
        "cache show: the embedded backend's answers are not cached; give --endpoint URL",
        status: ExitStatus.usage)
    }
    let partition = CachePartition(endpoint: session.client.endpointKey, user: session.loggedInEmail)
    if let key, query == nil {
      return showRecord(key, cache: cache, partition: partition, now: session.clock(), context: context)
    }
    if let query, key == nil {
      return showQuery(query, cache: cache, partition: partition, now: session.clock(), context: context)
    }
    let both = key == nil ? "" : ", not both"
    return context.fail(
      "cache show: give a record's key (cache show Launch:42) or --query SELECTION\(both)",
      status: ExitStatus.usage)
  }

  /// `http://… (ada@example.com)`.
  private static func owner(_ partition: CachePartition) -> String {
    partition.endpoint + (partition.user.map { " (\($0))" } ?? " (not logged in)")
  }

  private func showRecord(
    _ key: String, cache: SQLiteNormalizedCache, partition: CachePartition, now: Int64,
    context: CommandContext
  ) -> CommandOutcome {
    let stored: StoredRecord
    do throws(CacheError) {
      guard let found = try cache.loadRecords(forKeys: [key], in: partition)[key] else {
        return context.fail(
          "cache show: no record \(key) in the cache of \(Self.owner(partition)); 'cache show --query' lists the keys an answer reads",
          status: ExitStatus.unavailable)
      }
      stored = found
    } catch {
      return context.fail(error.description)
    }
    let fields = stored.record.fields.keys.sorted()
    if context.json {
      context.writeJSON(
        .object([
          "record": .object([
            "key": .string(key), "endpoint": .string(partition.endpoint),
            "user": partition.user.map { .string($0) } ?? .null,
            "fields": .array(
              fields.map { field in
                var entry = Self.stampJSON(field, stored.stamp(of: field), now: now)
                if let value = stored.record.fields[field] { entry["value"] = value.storedJSON }
                return .object(entry)
              }),
          ])
        ]))
      return .success
    }
    var table = Table(header: ["FIELD", "VALUE", "AGE", "MAX-AGE", "STATE", "WRITTEN BY"], shrinkable: [1])
    for field in fields {
      let value = stored.record.fields[field].map(Self.text(of:)) ?? ""
      table.rows.append([field, value] + Self.stampCells(stored.stamp(of: field), now: now))
    }
    context.output.write(
      "record \(TerminalText.safe(key)) in the cache of \(TerminalText.safe(Self.owner(partition)))\n")
    context.writeTable(table)
    return .success
  }

  private func showQuery(
    _ text: String, cache: SQLiteNormalizedCache, partition: CachePartition, now: Int64,
    context: CommandContext
  ) -> CommandOutcome {
    let selections: [GraphQLAPI.Selection]
    do {
      selections = try CacheQuerySelection(schema: try LaunchBackend.schema()).selections(of: text)
    } catch let problem as CacheQuerySelection.Problem {
      return context.fail("cache show --query: \(problem.message)", status: ExitStatus.usage)
    } catch {
      return context.fail("the embedded schema is broken: \(error)")
    }
    let store = CacheStore(cache, now: { now })
    guard
      let read = store.read(
        selections, variables: JSONObject(), rootKey: CacheKeys.queryRoot, partition: partition, traces: true)
    else {
      return context.fail("cannot read the cache file \(cache.path)")
    }
    let (result, reader) = read
    let missing = result.missing.map { Self.split($0, records: reader.recordsRead) }
    if context.json {
      let records: [JSON] = reader.recordOrder.map { key in
        let stored = reader.recordsRead[key]
        let fields = (reader.fieldsRead[key] ?? []).map { field in
          JSON.object(
            Self.stampJSON(field, stored?.stamp(of: field) ?? CacheFieldStamp(writtenAt: now), now: now))
        }
        return .object(["key": .string(key), "fields": .array(fields)])
      }
      context.writeJSON(
        .object([
          "query": .object([
            "endpoint": .string(partition.endpoint), "user": partition.user.map { .string($0) } ?? .null,
            "complete": .bool(result.missing.isEmpty), "fresh": .bool(result.stale.isEmpty),
            "records": .array(records),
            "missing": .array(
              missing.map {
                .object(["key": .string($0.key), "field": $0.field.map { .string($0) } ?? .null])
              }),
            "stale": .array(result.stale.map { .string($0) }),
          ])
        ]))
      return .success
    }
    var table = Table(header: ["RECORD", "FIELD", "AGE", "MAX-AGE", "STATE", "WRITTEN BY"], shrinkable: [1])
    for key in reader.recordOrder {
      guard let stored = reader.recordsRead[key] else { continue }
      for field in reader.fieldsRead[key] ?? [] {
        table.rows.append([key, field] + Self.stampCells(stored.stamp(of: field), now: now))
      }
    }
    for entry in missing {
      table.rows.append([entry.key, entry.field ?? "(the whole record)", "", "", "missing", ""])
    }
    let summary: String
    if !result.missing.isEmpty {
      summary = "incomplete: \(Self.count(result.missing.count, "part")) missing (the server would be asked)"
    } else if !result.stale.isEmpty {
      summary = "complete, but \(Self.count(result.stale.count, "field")) past its max-age (stale)"
    } else {
      summary = "complete and fresh"
    }
    context.output.write(
      "answer from the cache of \(TerminalText.safe(Self.owner(partition))): \(summary)\n")
    context.writeTable(table)
    return .success
  }

  /// A missing `record.field` as its record and field; a record missing whole has no field.
  private static func split(_ missing: String, records: [String: StoredRecord]) -> (
    key: String, field: String?
  ) {
    let owner = records.keys.filter { missing.hasPrefix($0 + ".") }.max { $0.count < $1.count }
    guard let owner else { return (missing, nil) }
    return (owner, String(missing.dropFirst(owner.count + 1)))
  }

  /// The age, max-age, state and writer columns of a field.
  private static func stampCells(_ stamp: CacheFieldStamp, now: Int64) -> [String] {
    [
      closeAge(now - stamp.writtenAt), stamp.maxAge.map(exactDuration) ?? "none",
      stamp.isStale(at: now) ? "stale" : "fresh", stamp.operation ?? "?",
    ]
  }

  /// An age as `age` words it, but in seconds below two minutes (`74 seconds` beside `1 minute`).
  static func closeAge(_ seconds: Int64) -> String {
    seconds < 120 ? count(max(0, seconds), "second") : age(seconds)
  }

  /// A max-age without rounding: in the largest unit that divides it, seconds below two minutes.
  static func exactDuration(_ seconds: Int) -> String {
    guard seconds >= 120 else { return count(seconds, "second") }
    for (size, name) in [(86_400, "day"), (3600, "hour"), (60, "minute")]
    where seconds >= size && seconds % size == 0 {
      return count(seconds / size, name)
    }
    return count(seconds, "second")
  }

  private static func stampJSON(_ field: String, _ stamp: CacheFieldStamp, now: Int64) -> JSONObject {
    [
      "field": .string(field), "ageSeconds": .int(Int(max(0, now - stamp.writtenAt))),
      "maxAgeSeconds": stamp.maxAge.map { .int($0) } ?? .null, "stale": .bool(stamp.isStale(at: now)),
      "writtenBy": stamp.operation.map { .string($0) } ?? .null,
    ]
  }

  /// A value in one cell: JSON for a leaf, `→ KEY` for a reference, a list's first references.
  static func text(of value: CacheValue) -> String {
    switch value {
    case .scalar(let json):
      return json.encodedString
    case .reference(let key):
      return "→ " + key
    case .list(let items):
      let shown = items.prefix(3).map(text(of:)).joined(separator: ", ")
      return "[" + shown + (items.count > 3 ? ", … \(items.count) in all" : "") + "]"
    }
  }
}
