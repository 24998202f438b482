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

    """
}
