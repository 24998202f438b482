/// The options that come before a command (`rocket-reserver [OPTIONS] [COMMAND [ARGS]]`).
public struct GlobalOptions: Equatable, Sendable {
  public var showHelp = false
  public var showVersion = false
  /// The words after the options: a command and its arguments, empty for the REPL.
  public var command: [String] = []

  public init() {}

  /// Parses `arguments`; options stop at the first word that is not an option.
  /// - Throws: `UsageError` for an unknown option.
  public static func parse(_ arguments: [String]) throws -> GlobalOptions {
    var options = GlobalOptions()
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let word = arguments[index]
      switch word {
      case "-h", "--help": options.showHelp = true
      case "-V", "--version": options.showVersion = true
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
}
