/// The reference tables of `docs/usage.md`, rendered from the declarations (`UsageTablesTests`
/// checks the page's copy).
enum ReferenceTables {
  /// `| command | what it does |`, one row per command.
  static func commands(_ registry: CommandRegistry) -> String {
    var text = "| command | what it does |\n|---|---|\n"
    for command in registry.commands {
      let declaration = command.declaration
      var words = "`\(cell(declaration.usage))`"
      if !declaration.aliases.isEmpty {
        words += " (also " + declaration.aliases.map { "`\($0)`" }.joined(separator: ", ") + ")"
      }
      var what = cell(declaration.summary)
      if declaration.needsLogin { what += " (needs a login)" }
      if declaration.availability == .commandLineOnly { what += " (command line only)" }
      text += "| \(words) | \(what) |\n"
    }
    return text
  }

  /// `| command | option | meaning |`, one row per option of a command.
  static func commandOptions(_ registry: CommandRegistry) -> String {
    var text = "| command | option | meaning |\n|---|---|---|\n"
    for command in registry.commands {
      for option in command.declaration.options {
        text += "| `\(command.name)` | `\(option.synopsis)` | \(cell(option.helpWithDefault)) |\n"
      }
    }
    return text
  }

  /// `| option | meaning |`, one row per program option.
  static func programOptions() -> String {
    var text = "| option | meaning |\n|---|---|\n"
    for option in GlobalOptions.declarations {
      let placement =
        switch option.scope {
        case .everyCommand: " (before or after any command, also on a shell line)"
        case .session: " (before or after a command on the command line)"
        case .program, .command: ""
        }
      text += "| `\(option.synopsis)` | \(cell(option.helpWithDefault))\(placement) |\n"
    }
    return text
  }

  /// Text safe in a Markdown table cell.
  private static func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }
}
