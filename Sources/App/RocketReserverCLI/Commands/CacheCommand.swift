import CommandLineKit
import GraphQLWire
import LaunchBackend
import RocketClient

/// `cache`: the normalized cache file, its size, record count and age range; `cache clear`
/// empties it (the file shrinks); `cache show KEY` and `cache show --query SELECTION` read it
/// (`CacheCommand+Show`).
public struct CacheCommand: Command {
  enum Action: String, CaseIterable, Sendable {
    case clear
    case show
  }

  static let action = Positional(
    "ACTION", type: .choice(Action.self, noun: "action"), optional: true,
    help: "clear: forget everything cached; show: one record's fields, or what --query reads")
  static let key = Positional(
    "KEY", type: .text, optional: true, help: "with show: a record's key, such as Launch:42 or QUERY_ROOT")
  struct Options: ParsableOptions {
    var query: String?
    static let bindings: [OptionBinding<Options>] = [
      .option(
        "--query", valueName: "SELECTION", type: .text, into: \.query,
        help: "with show: the records and fields an answer to these query fields is built from")
    ]
  }

  public let declaration = CommandDeclaration(
    "cache",
    summary:
      "show the answers cache (file, size, ages); 'cache show KEY' reads a record, 'cache clear' empties it",
    details:
      "Answers from --endpoint servers are kept in $XDG_CACHE_HOME/rocket-reserver/cache.sqlite, one part per endpoint and user, at most 20 MB and 7 days old; each field stays fresh for the max-age the schema's @cacheControl hints and the answer's Cache-Control give it. --cache POLICY chooses when they are used. 'cache show Launch:42' prints a record's fields with their values, ages, max-ages and the operation that wrote them; 'cache show --query \"launch(id: 42)\"' lists the fields an answer would be read from, and which are missing or stale.",
    arguments: [action.declaration, key.declaration], options: Options.declarations)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session, let cache = session.cache else {
      return context.fail("no cache: set HOME or XDG_CACHE_HOME")
    }
    let action = arguments[Self.action]
    let query = Options(arguments.options).query
    if action != .show && (arguments[Self.key] != nil || query != nil) {
      return context.fail("cache: KEY and --query go with 'cache show'", status: ExitStatus.usage)
    }
    if action == .show {
      return show(key: arguments[Self.key], query: query, cache: cache, context: context)
    }
    do throws(CacheError) {
      if action == .clear {
        let before = try await cache.statistics().records
        try await cache.clear()
        if context.json {
          context.writeJSON(.object(["cache": .object(["cleared": .int(before)])]))
        } else {
          context.output.write("cache cleared: \(Self.count(before, "record")) removed\n")
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
    if seconds < 60 { return count(seconds, "second") }
    if seconds < 3600 { return count(seconds / 60, "minute") }
    if seconds < 86_400 { return count(seconds / 3600, "hour") }
    return count(seconds / 86_400, "day")
  }

  /// `1 record`, `2 records`.
  static func count(_ number: some BinaryInteger, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }
}
