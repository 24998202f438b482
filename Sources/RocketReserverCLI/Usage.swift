/// The help text and the one-line hint shown after a usage error.
enum Usage {
  static let hint = "Try 'rocket-reserver --help' for more information."

  static let text = """
    rocket-reserver: book seats on SpaceX launches from your terminal.

    Usage:
      rocket-reserver [OPTIONS]                 start the interactive shell
      rocket-reserver [OPTIONS] COMMAND [ARGS]  run one command and exit

    Options:
      -h, --help      show this help and exit
      -V, --version   show the version and exit
      --no-color      never colour the output (NO_COLOR=1 does the same)

    In the shell, type 'help' for the commands; Tab completes, Up recalls history,
    Ctrl-C cancels the line or the running request, Ctrl-D or 'quit' leaves.
    Lines read from a pipe run one by one; the exit status is that of the first
    command that failed.

    """
}
