/// Everything about a command except what it does: its words, arguments, options and rules,
/// from which parsing, usage, help, completion and the README's command tables derive.
public struct CommandDeclaration<Context>: Sendable {
  /// Where a command may run.
  package enum Availability: Sendable, Equatable {
    /// Everywhere: the shell, piped lines and one-shot.
    case everywhere
    /// Only as `rocket-reserver COMMAND`, because it takes over the process (`serve`).
    case commandLineOnly
    /// Only where there is a session to leave (the shell and scripts).
    case shellOnly
  }

  /// The word that runs it, lowercase.
  package let name: String
  /// Other words that run it.
  package let aliases: [String]
  /// One line for the `help` list and the reference tables of `docs/usage.md`.
  package let summary: String
  /// Further paragraphs for `help COMMAND`.
  package let details: String
  /// The positional arguments, in order.
  package let arguments: [ArgumentDeclaration<Context>]
  /// The command's own options (the ones every command accepts are added by the parser).
  package let options: [OptionDeclaration<Context>]
  /// Whether it needs a logged-in user: without one it fails with status 77 before any request.
  package let needsLogin: Bool
  /// Whether it writes the credentials file (`login`), so an unreadable one fails it at once
  /// rather than being read as empty with a warning and refused again when written.
  package let writesCredentials: Bool
  /// Whether lines running it are written to the history file.
  package let recordedInHistory: Bool
  /// Where it may run.
  package let availability: Availability
  /// Whether its results are rows, for which `--format tsv|csv|ids` means something.
  package let printsRows: Bool

  /// Declares a command: each parameter sets the property of its name.
  package init(
    _ name: String, aliases: [String] = [], summary: String, details: String = "",
    arguments: [ArgumentDeclaration<Context>] = [], options: [OptionDeclaration<Context>] = [],
    needsLogin: Bool = false,
    writesCredentials: Bool = false, recordedInHistory: Bool = true, availability: Availability = .everywhere,
    printsRows: Bool = false
  ) {
    self.name = name
    self.aliases = aliases
    self.summary = summary
    self.details = details
    self.arguments = arguments
    self.options = options
    self.needsLogin = needsLogin
    self.writesCredentials = writesCredentials
    self.recordedInHistory = recordedInHistory
    self.availability = availability
    self.printsRows = printsRows
  }

  /// The synopsis: `launches [--page-size N] [--all]`, `book ID [ID ...]`.
  package var usage: String { synopsis(options.map { "[\($0.usageSynopsis)]" }) }

  /// The synopsis with the options as `[OPTIONS]`, for the `help` list: `launches [OPTIONS]`.
  package var shortUsage: String {
    synopsis(options.count > 1 ? ["[OPTIONS]"] : options.map { "[\($0.usageSynopsis)]" })
  }

  /// The name, `options` and the arguments shown.
  private func synopsis(_ options: [String]) -> String {
    ([name] + options + arguments.filter { !$0.isHidden }.map(\.synopsis)).joined(separator: " ")
  }
}
