import RocketClient

/// The options that come before a command (`rocket-reserver [OPTIONS] [COMMAND [ARGS]]`).
public struct GlobalOptions: Equatable, Sendable {
  /// `--help`: print the usage and exit.
  public var showHelp = false
  /// `--version`: print the version and exit.
  public var showVersion = false
  /// `--endpoint URL`: the GraphQL server to talk to; nil means the embedded backend.
  public var endpoint: String?
  /// `--data-dir DIR`: where the embedded backend keeps `backend.sqlite`; nil means the XDG default.
  public var dataDirectory: String?
  /// `--json`: print each command's GraphQL `data` as JSON instead of tables.
  public var json = false
  /// `--no-color`: never colour the output.
  public var noColor = false
  /// `--timeout SECONDS`: the longest wait for one request; nil means `ROCKET_RESERVER_TIMEOUT`,
  /// else 30 seconds.
  public var timeout: Duration?
  /// `--header 'Name: value'` (repeatable): header fields added to every request.
  public var headers = HTTPHeaders()
  /// `--verbose`, `-v`: each request's target, status, size and time on standard error.
  public var verbose = false
  /// The words after the options: a command and its arguments, empty for the REPL.
  public var command: [String] = []

  /// Creates the defaults: no options, no command.
  public init() {}

  /// Parses `arguments`; options stop at the first word that is not an option (or after `--`).
  ///
  /// Options taking a value accept it as the next word or after `=` (`--endpoint=URL`).
  /// - Throws: `UsageError` for an unknown option or a missing value.
  public static func parse(_ arguments: [String]) throws(UsageError) -> GlobalOptions {
    var options = GlobalOptions()
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let word = arguments[index]
      let (name, inlineValue) = splitOption(word)
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        index += 1
        guard index < arguments.endIndex, !arguments[index].isEmpty else {
          throw UsageError("option '\(name)' needs a value")
        }
        return arguments[index]
      }
      switch name {
      case "-h", "--help": options.showHelp = true
      case "-V", "--version": options.showVersion = true
      case "--json": options.json = true
      case "--no-color": options.noColor = true
      case "--endpoint": options.endpoint = try value()
      case "--data-dir": options.dataDirectory = try value()
      case "-v", "--verbose": options.verbose = true
      case "--timeout": options.timeout = try parseTimeout(try value(), source: "--timeout")
      case "--header":
        let field = try parseHeader(try value())
        options.headers.add(field.name, field.value)
      case "--":
        options.command = Array(arguments[(index + 1)...])
        return options
      default:
        if word.hasPrefix("-") && word != "-" {
          throw UsageError("unknown option '\(word)'")
        }
        options.command = Array(arguments[index...])
        return options
      }
      index += 1
    }
    return options
  }

  /// `--name=value` as (`--name`, `value`); any other word as (word, nil).
  static func splitOption(_ word: String) -> (String, String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }
}
