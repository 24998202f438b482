/// The manual page `rocket-reserver(1)` in roff, from the same declarations as `--help`, `help`
/// and the README's tables.
enum ManualPage {
  /// The whole page (`rocket-reserver man | man -l -`).
  static var text: String {
    var page = """
      .TH ROCKET-RESERVER 1 "" "rocket-reserver \(escaped(Version.current))" "User Commands"
      .SH NAME
      rocket-reserver \\- book seats on SpaceX launches from your terminal
      .SH SYNOPSIS
      .B rocket-reserver
      [\\fIOPTIONS\\fR] [\\fICOMMAND\\fR [\\fIARGS\\fR]]
      .br
      .B rocket-reserver
      [\\fIOPTIONS\\fR] \\fB\\-c\\fR \\fICMDS\\fR | \\fB\\-f\\fR \\fIFILE\\fR
      .SH DESCRIPTION
      A client for the space-launch booking GraphQL API of Apollo's RocketReserver tutorial: list
      launches, show one, log in with an email, book and cancel trips. Without a command it starts
      an interactive shell (Tab completion, history, Ctrl-C cancels the running request); lines
      piped on standard input, \\fB\\-c\\fR and \\fB\\-f\\fR run as a script. Without
      \\fB\\-\\-endpoint\\fR it talks to an embedded implementation of the API, in-process.
      .SH OPTIONS

      """
    for option in GlobalOptions.declarations {
      page += item(option.synopsis, option.help + (option.defaultValue.map { " (default \($0))" } ?? ""))
    }
    page += ".SH COMMANDS\n"
    for command in CommandCatalog.registry.commands {
      let declaration = command.declaration
      var text = escaped(declaration.summary) + (declaration.needsLogin ? " (needs a login)" : "") + ".\n"
      if !declaration.details.isEmpty {
        let paragraphs = declaration.details.split(separator: "\n\n").map {
          escaped($0.split(separator: "\n").joined(separator: " "))
        }
        text += ".IP\n" + paragraphs.joined(separator: "\n.IP\n") + "\n"
      }
      for argument in declaration.arguments where !argument.isHidden {
        text += ".RS\n.TP\n.I \(escaped(argument.name))\n\(escaped(argument.help))\n.RE\n"
      }
      for option in declaration.options {
        let help = option.help + (option.defaultValue.map { " (default \($0))" } ?? "")
        text += ".RS\n.TP\n.B \(escaped(option.synopsis))\n\(escaped(help))\n.RE\n"
      }
      page += ".TP\n.B \(escaped(declaration.usage))\n" + text
    }
    page += """
      .SH "EXIT STATUS"

      """ + ExitStatus.meanings.map { ".TP\n.B \($0.status)\n\(escaped($0.meaning))\n" }.joined() + """
        .SH ENVIRONMENT
        .TP
        .B ROCKET_RESERVER_ENDPOINT
        the server when \\-\\-endpoint is not given.
        .TP
        .B ROCKET_RESERVER_TIMEOUT
        the request timeout when \\-\\-timeout is not given.
        .TP
        .B PAGER
        the pager for output taller than the terminal (default less \\-FRX; empty: none).
        .TP
        .B NO_COLOR
        no colours.
        .SH FILES
        .TP
        .I $XDG_CONFIG_HOME/rocket\\-reserver/credentials.json
        saved logins, one per endpoint (mode 0600).
        .TP
        .I $XDG_STATE_HOME/rocket\\-reserver/history
        the shell's history.
        .TP
        .I $XDG_DATA_HOME/rocket\\-reserver/backend.sqlite
        the embedded backend's database (or \\-\\-data\\-dir).
        .TP
        .I $XDG_CACHE_HOME/rocket\\-reserver/cache.sqlite
        answers of \\-\\-endpoint servers.

        """
    return page
  }

  private static func item(_ term: String, _ text: String) -> String {
    ".TP\n.B \(escaped(term))\n\(escaped(text))\n"
  }

  /// `text` as roff reads it literally: backslashes doubled, hyphens as `\-` (so they copy as
  /// ASCII), a leading dot or quote guarded.
  static func escaped<S: StringProtocol>(_ text: S) -> String {
    var result = String(text).replacing("\\", with: "\\e").replacing("-", with: "\\-")
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
