import LaunchBackend
import RocketClient
import RocketReserverAPI

/// `login EMAIL`: logs in and keeps the token for this endpoint.
public struct LoginCommand: Command {
  public let name = "login"
  public let summary = "log in with an email address (no password) and keep the token"
  public let usage = "login EMAIL"
  public let details = """
    The server creates the account on first login. The token is saved in the credentials file
    (mode 0600) for this endpoint and never printed.
    """

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard let text = arguments.first else { return context.badArgument("missing email", for: self) }
    guard arguments.count == 1 else { return context.badArgument("takes one email address", for: self) }
    let email: String
    do {
      email = try EmailAddress(validating: text).normalized
    } catch BookingStoreError.invalidEmail(let problem) {
      return context.fail("login: invalid email '\(text)': \(problem)", status: ExitStatus.usage)
    } catch {
      return context.fail("login: invalid email '\(text)'", status: ExitStatus.usage)
    }
    let fetched = await context.request("Logging in") { session throws(RocketClientError) in
      try await session.client.logIn(LoginMutation(email: email), email: email) { $0.login?.token }
    }
    guard case .succeeded(let credential, var data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    context.session?.setLoggedInEmail(credential.email)
    if context.json {
      // The data is printed as the server sent it, except the token: a secret never shown.
      if case .object(var root) = data, case .object(var login)? = root["login"] {
        login["token"] = .string("<redacted>")
        root["login"] = .object(login)
        data = .object(root)
      }
      context.writeJSON(data)
      return .success
    }
    let location = context.session?.credentialLocation ?? "memory only (no credentials file)"
    context.output.write(
      "logged in as \(context.style.bold(credential.email))\ntoken stored in \(location)\n")
    return .success
  }

  /// Login lines hold only an email today; the hook stays so a future password form is never kept.
  public func recordsInHistory(_ arguments: [String]) -> Bool { arguments.count <= 1 }
}
