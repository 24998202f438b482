/// The process exit statuses, in the BSD `sysexits` tradition the issue tracker documents.
public enum ExitStatus {
  /// Everything worked.
  public static let success: Int32 = 0
  /// A command failed: the server said no, or answered with a GraphQL error.
  public static let failure: Int32 = 1
  /// The command line or a command's words were wrong.
  public static let usage: Int32 = 2
  /// The endpoint could not be reached, or a port could not be bound (EX_UNAVAILABLE).
  public static let unavailable: Int32 = 69
  /// A script file given with `-f` cannot be read (EX_NOINPUT).
  public static let noInput: Int32 = 66
  /// Standard output could not be written, such as a full disk (EX_IOERR).
  public static let ioError: Int32 = 74
  /// The configuration is broken: a credentials file that is unsafe or unreadable, a missing
  /// `--data-dir` (EX_CONFIG).
  public static let config: Int32 = 78
  /// A change could not be sent now and waits in the outbox for the next command that reaches
  /// the server (EX_TEMPFAIL).
  public static let temporaryFailure: Int32 = 75
  /// The command needs a logged-in user (EX_NOPERM).
  public static let notLoggedIn: Int32 = 77

  /// Every status the program exits with and what it means: `--help` and the manual list them.
  static let meanings: [(status: Int32, meaning: String)] = [
    (success, "success"),
    (failure, "a command failed (the server said no)"),
    (usage, "usage error"),
    (noInput, "script file unreadable"),
    (unavailable, "endpoint unreachable (or port in use)"),
    (ioError, "output could not be written"),
    (
      temporaryFailure,
      "a book or cancel queued in the outbox, sent by the next command that reaches the server"
    ),
    (notLoggedIn, "not logged in (or a token given with --header was rejected)"),
    (config, "broken configuration (credentials file, missing --data-dir)"),
  ]

  /// `0 success; 1 a command failed (...); ...`.
  static var sentence: String {
    meanings.map { "\($0.status) \($0.meaning)" }.joined(separator: "; ")
  }
}
