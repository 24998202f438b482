/// The interactive shell's prompt.
enum Prompt {
  /// `rocket-reserver> `, or `rocket-reserver (ada@example.com)> ` when someone is logged in.
  static func text(email: String?) -> String {
    guard let email else { return "rocket-reserver> " }
    return "rocket-reserver (\(email))> "
  }
}
