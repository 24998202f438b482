import CommandLineKit
import LaunchBackend
import RocketClient
import RocketReserverAPI

/// `login EMAIL`: logs in and keeps the token for this endpoint.
public struct LoginCommand: Command {
  static let email = Positional("EMAIL", type: .email, help: "your email address; any case")

  public let declaration = CommandDeclaration(
    "login", summary: "log in with an email address (no password) and keep the token",
    details: """
      The server creates the account on first login; the address is compared ignoring case,
      and the spelling of the first login is the one shown. The token is saved in the
      credentials file (mode 0600) for this endpoint and never printed.
      """,
    arguments: [email.declaration], writesCredentials: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let text = arguments[Self.email] else { return .failed(ExitStatus.usage) }
    let email: String
    do {
      email = try EmailAddress(validating: text).normalized
    } catch {
      return context.fail(
        "login: invalid email '\(TerminalText.shown(text))': \(error)", status: ExitStatus.usage)
    }
    let previous = context.session?.loggedInEmail
    let fetched = await context.request(
      "Logging in",
      interrupted: "login cancelled: no token was saved, so nobody new is logged in here"
    ) { requests throws(RocketClientError) in
      try await requests.logIn(LoginMutation(email: email), email: email) { $0.login?.token }
    }
    guard case .succeeded(let credential, var data) = fetched else { return fetched.failure }
    // The server's spelling: the first login's, when the address was used before in another case.
    let display = data["login"]?["email"]?.stringValue ?? credential.email
    if display != credential.email, let store = context.session?.client.credentials {
      // The prompt shows the saved email: save the account's own spelling.
      try? store.save(Credential(endpoint: credential.endpoint, email: display, token: credential.token))
    }
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
    let name = context.style.bold(TerminalText.safe(display))
    if let previous, previous.lowercased() != display.lowercased() {
      context.output.write("switched from \(TerminalText.safe(previous)) to \(name)\n")
    } else {
      context.output.write("logged in as \(name)\n")
    }
    context.output.write("token stored in \(location)\n")
    return .success
  }
}
