/// A user as the booking store knows them.
public struct StoredUser: Sendable, Hashable {
  /// The user's row id; the API shows it as the `User.id` string.
  public let id: Int
  /// The email address as first spelled at login (domain lowercased; see ``EmailAddress``).
  public let email: String
}
