/// Where an option may be given.
package enum OptionScope: Sendable, Equatable {
  /// Only with its own command.
  case command
  /// With any command, on the command line or on a shell line, for that one command (`--json`).
  case everyCommand
  /// With a one-shot command, never on a shell line: it chooses the session (`--endpoint`).
  case session
  /// Only before the command (`-c`, `-f`, `--version`).
  case program
}

/// One `--name` a command accepts, a flag or an option with a value, as the parser, help,
/// completion and the manual see it (``OptionBinding`` declares it).
package struct OptionDeclaration<Context>: Sendable {
  /// The long name with its dashes, `--page-size`.
  package let name: String
  /// A one-letter form with its dash, `-c`, or nil.
  package let short: String?
  /// The value's placeholder in usage lines (`N`); nil for a flag, which takes no value.
  package let valueName: String?
  /// How the value is parsed and completed; nil for a flag.
  package let value: AnyValueType<Context>?
  /// The default in words for `help` (`20`), or nil.
  package let defaultValue: String?
  /// One line for `help COMMAND` and the reference tables of `docs/usage.md`.
  package let help: String
  /// Where it may be given.
  package let scope: OptionScope

  /// The help with the default, for help and the reference tables: `launches per page (default 20)`.
  package var helpWithDefault: String { help + (defaultValue.map { " (default \($0))" } ?? "") }

  /// Whether the option takes a value.
  package var takesValue: Bool { value != nil }

  /// `--page-size N`, `--all`: the long form, as usage lines show it.
  package var usageSynopsis: String { valueName.map { "\(name) \($0)" } ?? name }

  /// `--page-size N`, `--all`, `-c CMD, --command CMD`: every form, for option tables.
  package var synopsis: String {
    guard let short else { return usageSynopsis }
    return valueName.map { "\(short) \($0), \(usageSynopsis)" } ?? "\(short), \(usageSynopsis)"
  }
}

extension Array {
  /// The option `word` names, in its long or short form, or nil.
  package func named<Context>(_ word: String) -> Element? where Element == OptionDeclaration<Context> {
    first { $0.name == word || $0.short == word }
  }
}
