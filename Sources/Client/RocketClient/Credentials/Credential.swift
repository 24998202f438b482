/// A login for one endpoint: the email it was made with and the bearer token the server issued.
/// Every description and the mirror show `<redacted>` in its place; only ``token`` gives it out.
public struct Credential: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The key of the embedded (in-process) backend, which has no URL.
  public static let embeddedEndpoint = "embedded"

  /// Which server the token is for: ``embeddedEndpoint`` or the endpoint URL as the user gave it.
  public var endpoint: String
  /// The email the user logged in with, shown as "logged in as ...".
  public var email: String
  /// The secret session token. Never print it.
  public var token: String

  /// Creates a credential.
  public init(endpoint: String, email: String, token: String) {
    self.endpoint = endpoint
    self.email = email
    self.token = token
  }

  /// `Credential(endpoint: "...", email: "...", token: <redacted>)`.
  public var description: String {
    "Credential(endpoint: \(String(reflecting: endpoint)), email: \(String(reflecting: email)), "
      + "token: <redacted>)"
  }

  /// Same as ``description``: the token is redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror without the token, so `dump` and debuggers cannot show it.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["endpoint": endpoint, "email": email, "token": "<redacted>"],
      displayStyle: .struct)
  }
}
