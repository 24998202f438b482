import CommandLineKit
import Glibc
import RocketClient

/// What the program takes from its process, read once by ``RocketReserverMain`` and handed down to
/// every command (`CommandContext.environment`): no other code reads `environ`, asks whether a
/// standard stream is a terminal or makes the directories again.
struct ProgramEnvironment: Sendable {
  /// The environment variables as the process got them, before the config file's defaults.
  let variables: [String: String]
  /// The XDG directories `variables` name; nil without a home directory.
  let directories: ApplicationDirectories?
  /// Whether standard output is a terminal (colours, tables' width, the pager).
  let standardOutputIsTerminal: Bool
  /// Whether standard error is a terminal (colours of errors, the spinner).
  let standardErrorIsTerminal: Bool
  /// Whether standard input is a terminal (`query` reads a document piped to it).
  let standardInputIsTerminal: Bool
  /// The program options of this run: argv's, with the config file's defaults applied.
  var options = GlobalOptions()
  /// Seconds since 1970: what cache ages and queued changes are measured with.
  let clock: @Sendable () -> Int64

  init(
    variables: [String: String], standardOutputIsTerminal: Bool = false,
    standardErrorIsTerminal: Bool = false, standardInputIsTerminal: Bool = false,
    clock: @escaping @Sendable () -> Int64 = { Int64(time(nil)) }
  ) {
    self.variables = variables
    directories = try? ApplicationDirectories(environment: variables)
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.standardInputIsTerminal = standardInputIsTerminal
    self.clock = clock
  }

  /// This process's environment: `environ`, the standard streams, the system clock.
  static func ofProcess() -> ProgramEnvironment {
    ProgramEnvironment(
      variables: processVariables(), standardOutputIsTerminal: Terminal.isTerminal(STDOUT_FILENO),
      standardErrorIsTerminal: Terminal.isTerminal(STDERR_FILENO),
      standardInputIsTerminal: Terminal.isTerminal(STDIN_FILENO))
  }

  /// The environment as a dictionary, read from `environ`.
  static func processVariables() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
