import CommandLineKit
import JQ
import RocketClient

/// The options of the whole program (`rocket-reserver [OPTIONS] [COMMAND [ARGS]]`), each declared
/// once in `bindings`; `.everyCommand` and `.session` ones are also accepted after the command
/// (`launch 1 --endpoint URL`), and `.everyCommand` ones on shell lines (`launch 1 --json`).
public struct GlobalOptions: Equatable, ParsableOptions {
  /// `--help`: print the usage and exit.
  public var showHelp = false
  /// `--version`: print the version and exit.
  public var showVersion = false
  /// `--endpoint URL`: the GraphQL server to talk to; nil means the embedded backend.
  public var endpoint: String?
  /// `--data-dir DIR`: where the embedded backend keeps `backend.sqlite`; nil means the XDG default.
  public var dataDirectory: String?
  /// `--format FORMAT` (`--json` is `--format json`); nil: tables.
  public var format: OutputFormat?
  /// The config file's `format`: a default when `format` is nil (never an error for a command).
  public var defaultFormat: OutputFormat?
  /// `--no-color`: never colour the output.
  public var noColor = false
  /// `--no-images` (or the config file's `images = off`): never draw mission patches.
  public var noImages = false
  /// `--no-queue`: a change that cannot reach the server fails rather than waiting in the outbox.
  public var noQueue = false
  /// `--timeout SECONDS`; nil means `ROCKET_RESERVER_TIMEOUT`, else 30 seconds.
  public var timeout: Duration?
  /// `--cacert FILE`: trust the CA certificates in FILE instead of the system's store.
  public var caFile: String?
  /// `--insecure`, `-k`: check no TLS certificate or host name.
  public var insecure = false
  /// `--header 'Name: value'` (repeatable): header fields added to every request.
  public var headers = HTTPHeaders()
  /// `--verbose`, `-v`: each request's target, status, size and time on standard error.
  public var verbose = false
  /// `--trace`: each request and response in full on standard error, secrets masked.
  public var trace = false
  /// `--print-curl`: each request as a curl command line on standard error.
  public var printCurl = false
  /// `--include`, `-i`: each answer's status line and header fields before the result.
  public var include = false
  /// `--jq EXPR`: the filter that the command's JSON document goes through (implies `--json`).
  public var jq: JQFilter?
  /// `--cache POLICY`: where answers may come from; nil means network-first.
  public var cachePolicy: CachePolicy?
  /// `--apq` / `--no-apq`: automatic persisted queries; nil means the default, on.
  public var persistedQueries: Bool?
  /// `-c 'CMD; CMD'`: run these commands instead of reading lines.
  public var commandText: String?
  /// `-f FILE`: run the lines of this file.
  public var scriptFile: String?
  /// `--stop-on-error`: end a script (pipe, `-c`, `-f`) at the first failing command.
  public var stopOnError = false
  /// `--quiet`, `-q`: no welcome line when the interactive shell starts.
  public var quiet = false
  /// `--profile NAME`: the config file's profile to use (else `ROCKET_RESERVER_PROFILE`).
  public var profile: String?
  /// The words after the options: a command and its arguments, empty for the REPL.
  public var command: [String] = []

  /// Whether results are printed as JSON.
  public var json: Bool { format == .json }

  /// Creates the defaults: no options, no command.
  public init() {}

  /// Every program option, in the order `--help` lists them, with the property it sets: parsing,
  /// help, the reference tables, the manual page and completion all derive from this list.
  package static let bindings: [OptionBinding<GlobalOptions>] = [
    .option(
      "--endpoint", valueName: "URL", type: .url, scope: .session, into: \.endpoint,
      help:
        "the GraphQL server to use (also ROCKET_RESERVER_ENDPOINT); default: the embedded backend, in-process"
    ),
    .option(
      "--data-dir", valueName: "DIR", type: .directory, scope: .session, into: \.dataDirectory,
      help: "keep the embedded backend's database in DIR/backend.sqlite"),
    .option(
      "--timeout", valueName: "SECONDS",
      type: .checked("seconds, such as 30 or 0.5") { text throws(UsageError) in
        try parseTimeout(text, source: "--timeout")
      }, defaultText: "30, or ROCKET_RESERVER_TIMEOUT", scope: .session, into: \.timeout,
      help:
        "the longest wait for one request to --endpoint, connecting included, in decimal seconds (30, 0.5); past it the command exits 69 naming the endpoint"
    ),
    .option(
      "--cacert", valueName: "FILE", type: .path, scope: .session, into: \.caFile,
      help:
        "trust the CA certificates in FILE (PEM) instead of the system's store, for HTTPS and wss:// (as curl's --cacert)"
    ),
    .flag(
      "--insecure", short: "-k", scope: .session, \.insecure,
      help:
        "check no TLS certificate or host name (as curl's -k): still encrypted, but to whoever answers"
    ),
    .option(
      "--header", valueName: "'NAME: VALUE'",
      type: .checked("a header field 'Name: value'") { text throws(UsageError) in
        try parseHeader(text)
      }, scope: .everyCommand,
      help:
        "add a header field to every request (repeatable; an Authorization given before the command or on the command line replaces the saved token)"
    ) { field, options in options.headers.add(field.name, field.value) },
    .flag(
      "--verbose", short: "-v", scope: .everyCommand, \.verbose,
      help:
        "report each request on standard error: method, URL, operation, status, size and time (never a header value)"
    ),
    .flag(
      "--trace", short: "-vv", scope: .everyCommand, \.trace,
      help:
        "show each request and response on standard error: header fields (tokens as ***) and bodies"),
    .flag(
      "--print-curl", scope: .everyCommand, \.printCurl,
      help: "show each request on standard error as a curl command line (the token as $TOKEN)"),
    // --json and --format both set the format: the one given last wins.
    .option(
      "--format", valueName: "FORMAT", type: .choice(OutputFormat.self, noun: "format"),
      defaultText: "table",
      scope: .everyCommand, into: \.format, help: "table, json, tsv, csv or ids (one launch id per line)"),
    .flag(
      "--json", scope: .everyCommand, sets: \.format, to: .json,
      help: "the same as --format json: exactly one JSON document per command, failures included"),
    .option(
      "--jq", valueName: "EXPR",
      type: .checked("a jq filter") { text throws(UsageError) -> JQFilter in
        do throws(JQError) { return try JQFilter(text) } catch { throw UsageError("--jq: \(error)") }
      }, scope: .everyCommand, into: \.jq,
      help:
        "filter the command's JSON document with jq (implies --json, as gh's --jq): strings print raw, other values as compact JSON, one a line; a failure prints its error on standard error only"
    ),
    .flag(
      "--include", short: "-i", scope: .everyCommand, \.include,
      help:
        "print each answer's HTTP status line and header fields (tokens and cookies as ***) before the result, as curl -i; on standard error with --json or --jq, so the document stays parseable"
    ),
    .option(
      "--cache", valueName: "POLICY", type: .choice(CachePolicy.self, noun: "cache policy"),
      defaultText: "network-first", scope: .everyCommand, into: \.cachePolicy,
      help:
        "with --endpoint: cache-first, network-first (cached answer when the server is down), network-only, cache-only or cache-and-network"
    ),
    // --apq and --no-apq: the one given last wins.
    .flag(
      "--apq", scope: .session, sets: \.persistedQueries, to: true,
      help:
        "with --endpoint: send each operation as its SHA-256 first (queries by GET, so HTTP caches can answer), the text only when the server asks (the default)"
    ),
    .flag(
      "--no-apq", scope: .session, sets: \.persistedQueries, to: false,
      help: "with --endpoint: always send the operation's text by POST"),
    .flag(
      "--no-queue", scope: .everyCommand, \.noQueue,
      help:
        "with --endpoint: when the server cannot be reached, book and cancel fail (status 69) instead of waiting in the outbox"
    ),
    .flag("--no-color", scope: .everyCommand, \.noColor, help: "no colours (as NO_COLOR=1)"),
    .flag(
      "--no-images", scope: .everyCommand, \.noImages,
      help: "draw no mission patches on the terminal, only their URLs (as NO_IMAGES=1)"),
    .option(
      "--command", short: "-c", valueName: "CMDS", type: .text, scope: .program, into: \.commandText,
      help: "run these commands, separated by ';', as a pipe would, then exit"),
    .option(
      "--file", short: "-f", valueName: "FILE", type: .path, scope: .program, into: \.scriptFile,
      help: "run the commands in FILE, as a pipe would, then exit"),
    .flag(
      "--stop-on-error", scope: .program, \.stopOnError,
      help: "end a script at the first command that fails"),
    .option(
      "--profile", valueName: "NAME", type: .profileName, scope: .program, into: \.profile,
      help: "use this profile of $XDG_CONFIG_HOME/rocket-reserver/config (also ROCKET_RESERVER_PROFILE)"),
    .flag(
      "--quiet", short: "-q", scope: .program, \.quiet,
      help: "start the shell without its welcome line"),
    .flag(
      "--help", short: "-h", scope: .program, \.showHelp, help: "show this help and exit"),
    .flag(
      "--version", short: "-V", scope: .program, \.showVersion,
      help: "show the version and exit"),
  ]

  /// Parses `arguments`; options stop at the first word that is not an option (or after `--`),
  /// and take a value as the next word or after `=`.
  /// - Throws: `UsageError` for an unknown option or a missing or malformed value.
  public static func parse(_ arguments: [String]) throws(UsageError) -> GlobalOptions {
    var options = GlobalOptions()
    var parsed = ParsedOptions()
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let word = arguments[index]
      if word == "--" {
        options.command = Array(arguments[(index + 1)...])
        break
      }
      guard ArgumentParser.looksLikeOption(word) else {
        options.command = Array(arguments[index...])
        break
      }
      let (name, inline) = ArgumentParser.splitOption(word)
      guard let option = declarations.named(name) else {
        throw UsageError("unknown option \(TerminalText.quoted(word))")
      }
      index += 1
      if let type = option.value {
        guard let text = inline ?? (index < arguments.endIndex ? arguments[index] : nil), !text.isEmpty else {
          throw UsageError("option '\(name)' needs a value")
        }
        if inline == nil { index += 1 }
        guard type.accepts(text) else {
          throw UsageError(type.problem(text) ?? invalidValueMessage(option, text))
        }
        parsed.append(text, for: option.name)
      } else {
        guard inline == nil else { throw UsageError("option '\(name)' takes no value") }
        parsed.append(nil, for: option.name)
      }
    }
    options.apply(parsed)
    return options
  }

  /// The error for a malformed value of `option`.
  static func invalidValueMessage(_ option: OptionDeclaration, _ text: String) -> String {
    if option.name == "--endpoint" {
      return EndpointURL.problem(text)
    }
    return
      "option '\(option.name)' takes \(option.value?.description ?? "no value"), not \(TerminalText.quoted(text))"
  }
}
