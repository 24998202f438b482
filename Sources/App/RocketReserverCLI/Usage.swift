import CommandLineKit

/// The program's `--help` text, from the declarations, and the hint shown after a usage error.
enum Usage {
  static let hint = "Try 'rocket-reserver --help' for more information."

  static var text: String {
    let options = GlobalOptions.declarations.map { ($0.synopsis, $0.helpWithDefault) }
    let names = CommandCatalog.registry.commands.map(\.name).joined(separator: ", ")
    return """
      rocket-reserver: book seats on SpaceX launches from your terminal.

      Usage:
        rocket-reserver [OPTIONS]                 start the interactive shell
        rocket-reserver [OPTIONS] COMMAND [ARGS]  run one command and exit
        rocket-reserver [OPTIONS] -c 'CMD; CMD'   run commands as a script
        rocket-reserver [OPTIONS] -f FILE         run the commands in FILE

      Options (those a command also takes may follow it, as in 'launch 1 --json'):

      """ + DeclaredHelp.aligned(options) + """

        Commands: \(names).
        Type 'rocket-reserver help' for the list, 'help COMMAND' or 'COMMAND --help' for one.

        In the shell, Tab completes commands, options and launch ids, Up recalls history,
        Ctrl-C cancels the line or the running request, Ctrl-D or 'quit' leaves.
        Lines read from a pipe, -c or -f run one by one (';' separates commands on a line);
        the exit status is that of the first command that failed.


        """
        + TextWrapping.lines("Exit status: " + ExitStatus.sentence + ".", width: 96).joined(separator: "\n")
        + "\n\n"
  }
}
