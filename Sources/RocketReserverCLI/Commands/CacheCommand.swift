import GraphQL
import RocketClient

/// `cache`: the normalized cache file, its size, record count and age range; `cache clear`
/// empties it (the file shrinks).
public struct CacheCommand: Command {
  /// What to do with the cache.
  enum Action: String, CaseIterable, Sendable {
    case clear
  }

  static let action = Positional(
    "ACTION", type: .choice(Action.self, noun: "action"), optional: true,
    help: "clear: forget everything cached")

  public let declaration = CommandDeclaration(
    "cache", summary: "show the answers cache (file, size, records, ages); 'cache clear' empties it",
    details:
      "Answers from --endpoint servers are kept in $XDG_CACHE_HOME/rocket-reserver/cache.sqlite, one part per endpoint and user, at most 20 MB and 7 days old; --cache POLICY chooses when they are used.",
    arguments: [action.declaration])

  /// Creates the command.
  public init() {}

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session, let cache = session.cache else {
      return context.fail("no cache: set HOME or XDG_CACHE_HOME")
    }
    do throws(CacheError) {
      if arguments[Self.action] == .clear {
        let before = try await cache.statistics().records
        try await cache.clear()
        if context.json {
          context.writeJSON(.object(["cache": .object(["cleared": .int(before)])]))
        } else {
          context.output.write("cache cleared: \(before == 1 ? "1 record" : "\(before) records") removed\n")
        }
        return .success
      }
      let statistics = try await cache.statistics()
      let now = session.clock()
      if context.json {
        context.writeJSON(
          .object([
            "cache": .object([
              "file": .string(statistics.path), "bytes": .int(statistics.fileBytes),
              "records": .int(statistics.records),
              "oldestSeconds": statistics.oldestWrite.map { .int(Int(now - $0)) } ?? .null,
              "newestSeconds": statistics.newestWrite.map { .int(Int(now - $0)) } ?? .null,
            ])
          ]))
        return .success
      }
      var text = "file:     \(TerminalText.safe(statistics.path))\n"
      text += "size:     \(Self.size(statistics.fileBytes))\n"
      text += "records:  \(statistics.records)\n"
      if let oldest = statistics.oldestWrite, let newest = statistics.newestWrite {
        let (young, old) = (Self.age(now - newest), Self.age(now - oldest))
        text += young == old ? "age:      \(young) old\n" : "ages:     \(young) to \(old) old\n"
      } else {
        text += "ages:     (empty)\n"
      }
      context.output.write(text)
      return .success
    } catch {
      return context.fail(error.description)
    }
  }

  /// `512 bytes`, `24.0 KB`, `3.2 MB`.
  static func size(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) bytes" }
    let (unit, name) = bytes < 1024 * 1024 ? (1024, "KB") : (1024 * 1024, "MB")
    let tenths = (bytes * 10 + unit / 2) / unit
    return "\(tenths / 10).\(tenths % 10) \(name)"
  }

  /// `12 seconds`, `5 minutes`, `3 hours`, `2 days`.
  static func age(_ seconds: Int64) -> String {
    let seconds = max(0, seconds)
    func unit(_ count: Int64, _ name: String) -> String { count == 1 ? "1 \(name)" : "\(count) \(name)s" }
    if seconds < 60 { return unit(seconds, "second") }
    if seconds < 3600 { return unit(seconds / 60, "minute") }
    if seconds < 86_400 { return unit(seconds / 3600, "hour") }
    return unit(seconds / 86_400, "day")
  }
}
