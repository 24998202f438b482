/// Words as a POSIX shell reads them back: bare when made of safe characters, else in single
/// quotes (with `'` written `'\''`), so a hint or a `curl` line can be pasted as it is.
package enum ShellQuoting {
  /// `word`, quoted when a shell would split or expand it.
  package static func quoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")
    guard word.isEmpty || !word.allSatisfy(safe.contains) else { return word }
    return "'" + word.replacing("'", with: "'\\''") + "'"
  }
}
