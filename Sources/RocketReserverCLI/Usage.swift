/// The help text and the one-line hint shown after a usage error.
enum Usage {
  static let hint = "Try 'rocket-reserver --help' for more information."

  static let text = """
    rocket-reserver: book seats on SpaceX launches from your terminal.

    Usage:
      rocket-reserver [OPTIONS]                 start the interactive shell
      rocket-reserver [OPTIONS] COMMAND [ARGS]  run one command and exit
      rocket-reserver serve [--host H] [--port P] [--data-dir DIR]
                                                serve the API over HTTP (default 127.0.0.1:4000)
      rocket-reserver schema [--endpoint URL]   print the API's schema (SDL)

    Options:
      --endpoint URL  talk to the GraphQL server at URL (also ROCKET_RESERVER_ENDPOINT);
                      default: the embedded backend, in this process
      --data-dir DIR  keep the embedded backend's database in DIR/backend.sqlite
                      (default: $XDG_DATA_HOME/rocket-reserver, ~/.local/share/rocket-reserver)
      --timeout SECONDS  the longest wait for one request, such as 30 or 0.5
                      (also ROCKET_RESERVER_TIMEOUT; default 30)
      --header 'NAME: VALUE'  add a header field to every request (repeatable)
      -v, --verbose   report each request (method, URL, status, size, time) on stderr
      --json          print GraphQL data as JSON instead of tables (or add --json to a command)
      --no-color      never colour the output (NO_COLOR=1 does the same)
      -h, --help      show this help and exit
      -V, --version   show the version and exit

    Commands: launches, more, launch, login, logout, whoami, trips, book, cancel, total,
    schema, serve, help, quit. Type 'rocket-reserver help' for the list, 'help COMMAND' for one.

    In the shell, Tab completes commands and launch ids, Up recalls history,
    Ctrl-C cancels the line or the running request, Ctrl-D or 'quit' leaves.
    Lines read from a pipe run one by one; the exit status is that of the first
    command that failed.

    Exit status: 0 success, 1 a command failed, 2 usage error, 69 endpoint unreachable
    (or port in use), 77 not logged in.

    """
}
