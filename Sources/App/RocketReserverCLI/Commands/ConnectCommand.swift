import CommandLineKit
import GraphQLWire
import RocketClient
import RocketReserverAPI

/// `connect [URL|embedded] [--profile NAME]`: switches the shell to another server, as psql's
/// `\c` does; without arguments it says which server the shell is on.
public struct ConnectCommand: Command {
  static let target = Positional(
    "ENDPOINT", type: .endpointTarget, optional: true,
    help: "an http:// or https:// URL, or 'embedded' for the embedded backend")
  struct Options: ParsableOptions {
    var profile: String?
    static let bindings: [OptionBinding<Options>] = [
      .option(
        "--profile", valueName: "NAME", type: .profileName, into: \.profile,
        help: "use this profile of the config file (its endpoint unless ENDPOINT is given)")
    ]
  }

  public let declaration = CommandDeclaration(
    "connect", summary: "switch the shell to another server or config profile (psql's \\c)",
    details: """
      Without arguments it says which server the shell is on. The login, the answers cache and the \
      launch ids Tab offers are the new server's; timeout and header fields stay as the shell was \
      started, but an Authorization header is never sent to another server. A server that does \
      not answer leaves the shell where it was.
      """,
    arguments: [target.declaration], options: Options.declarations, availability: .shellOnly)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let target = arguments[Self.target]
    let profile = Options(arguments.options).profile
    guard target != nil || profile != nil else { return describe(context.session, context: context) }
    guard let connector = context.current.connector else {
      return context.fail("connect: this shell cannot switch servers")
    }
    let connection: SessionConnector.Connection
    do throws(SessionConnector.Failure) {
      connection = try connector.connect(to: target, profile: profile)
    } catch {
      return context.fail("connect: \(error.message)", status: error.status)
    }
    let next = connection.session
    if next.endpoint != nil {
      // Asked once, past the cache, so a server that is down or not GraphQL is found now, while
      // the shell can still stay where it was.
      var probe = context
      probe.session = next
      probe.cachePolicy = .networkOnly
      let answered = await probe.request("Connecting to \(next.endpointDescription)") {
        requests throws(RocketClientError) in
        do throws(RocketClientError) {
          _ = try await requests.fetch(TotalTripsBookedQuery())
        } catch .server, .notLoggedIn, .decoding {
          // It answered in GraphQL: reachable, whatever it thought of the question.
        }
      }
      if case .failed(let outcome) = answered {
        next.close()
        let current = context.session?.endpointDescription ?? "no server"
        context.output.writeError(
          context.errorPrefix + "still connected to \(TerminalText.safe(current))\n")
        return outcome
      }
    }
    context.current.replace(with: next)?.close()
    if connection.droppedAuthorization {
      context.warn(
        "the Authorization header given at start is not sent to \(TerminalText.safe(next.endpointDescription))"
      )
    }
    return describe(next, context: context)
  }

  /// `connected to URL as EMAIL` (or `, not logged in`), or its JSON.
  private func describe(_ session: Session?, context: CommandContext) -> CommandOutcome {
    guard let session else { return context.fail("no server is configured") }
    let email = session.loggedInEmail
    if context.json {
      context.writeJSON(
        .object([
          "connect": .object([
            "endpoint": session.endpoint.map { .string($0.absoluteString) } ?? .null,
            "email": email.map { .string($0) } ?? .null,
          ])
        ]))
      return .success
    }
    let who = email.map { "as \(TerminalText.safe($0))" } ?? "not logged in"
    context.output.write("connected to \(TerminalText.safe(session.endpointDescription)), \(who)\n")
    return .success
  }
}
