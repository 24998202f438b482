import CommandLineKit
import GraphQLWire

#if canImport(Glibc)
  import Glibc
#endif

extension CommandContext {
  /// The terminal's width when standard output is one, else nil (tables are not shortened).
  func terminalWidth() -> Int? { outputIsTerminal ? Terminal.columns(of: STDOUT_FILENO) : nil }

  /// Prints a result; on a terminal, text taller than the window goes through the pager.
  func writeResult(_ text: String) {
    if let pagerCommand, Pager.isTooTall(text, rows: Terminal.rows(of: STDOUT_FILENO)),
      Pager.show(text, command: pagerCommand)
    {
      return
    }
    output.write(text)
  }

  /// Prints `table` in the chosen format, fitted to the terminal.
  func writeTable(_ table: Table) {
    writeResult(table.render(format, style: style, width: terminalWidth()))
  }

  /// A hint for the person at the shell, on standard error; nothing outside the shell.
  func hint(_ text: String) {
    guard isInteractive else { return }
    output.writeError(errorStyle.dim(text) + "\n")
  }

  /// One error line for each failed field of an answer (`launch.rocket: MESSAGE`); status 1
  /// when any failed.
  func reportFailed(_ fields: [FailedField]) -> CommandOutcome {
    var outcome = CommandOutcome.success
    for field in fields { outcome = fail(field.line) }
    return outcome
  }
}
