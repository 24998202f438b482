import GraphQLWire
import RocketClient

/// The outcome of a request a command made: its value and the raw `data` of the response, or
/// the failure already reported to the user.
enum RequestOutcome<Value> {
  /// The request worked; `data` is the response's `data` as the server sent it (for `--json`).
  case succeeded(Value, data: JSON)
  /// The request failed; the error line is printed and this is the command's outcome.
  case failed(CommandOutcome)

  /// The outcome a failed request left the command with (`.failed()` for one that succeeded,
  /// which a `guard case .succeeded` has ruled out).
  var failure: CommandOutcome {
    guard case .failed(let outcome) = self else { return .failed() }
    return outcome
  }
}

extension CommandContext {
  /// Runs the requests in `work` with a spinner, each with the command's cache policy and
  /// capturing the raw response, and turns a client error into an error line and exit status
  /// (see `outcome(for:)`).
  /// - Parameters:
  ///   - label: what the spinner says, such as `Loading launches`.
  ///   - interrupted: what to say when Ctrl-C cancels the request of a mutation, whose effect
  ///     the server may already have made (default: `cancelled`).
  ///   - whenUnreachable: for a change, what to do instead of failing when the server cannot be
  ///     reached (queue it in the outbox); nil when the error is to be reported as usual.
  ///   - work: the requests, made through the session's client as the command uses it.
  ///
  /// Changes waiting in the outbox are sent first (`sendOutbox`), unless the policy is
  /// `cache-only`.
  func request<Value: Sendable>(
    _ label: String, interrupted: String? = nil,
    whenUnreachable: ((RocketClientError) async -> CommandOutcome?)? = nil,
    _ work: @Sendable (CommandRequests) async throws(RocketClientError) -> Value
  ) async -> RequestOutcome<Value> {
    guard let session else {
      return .failed(fail("this command needs a server, and none is configured"))
    }
    let policy = cachePolicy ?? session.requestOptions.cachePolicy
    // `cache-only` promises no request at all.
    if policy != .cacheOnly { _ = await sendOutbox() }
    let capture = ResponseCapture(line: lineRequests)
    let requests = CommandRequests(session: session, cachePolicy: policy, capture: capture)
    let result = await withSpinner(label) { () async -> Result<Value, RocketClientError> in
      do throws(RocketClientError) {
        return .success(try await work(requests))
      } catch {
        return .failure(error)
      }
    }
    if includesHeaders { writeIncludedHeads(capture.heads, session: session) }
    switch result {
    case .success(let value):
      if let answer = capture.offlineAnswer { reportOffline(answer, session: session) }
      return .succeeded(value, data: capture.lastResponse?["data"] ?? .null)
    case .failure(.cancelled), .failure(.transport(.cancelled)):
      return .failed(fail(interrupted ?? "cancelled"))
    case .failure(let error):
      if let whenUnreachable, error.isUnreachable, let queued = await whenUnreachable(error) {
        return .failed(queued)
      }
      return .failed(outcome(for: error))
    }
  }

  /// The one line saying that the server could not be reached and the answer is the cache's:
  /// `offline: showing what was cached 5 minutes ago`, with ` (stale)` when a field of it is
  /// past the max-age the server gave it.
  private func reportOffline(_ answer: CachedAnswer, session: Session) {
    let age = CacheCommand.age(session.clock() - answer.writtenAt)
    let stale = answer.isStale ? " (stale)" : ""
    output.writeError(
      errorPrefix + errorStyle.warning("offline: showing what was cached \(age) ago\(stale)") + "\n")
  }

  /// Prints the one line that explains `error` and returns the matching exit status: 77 when a
  /// login is needed, 69 when the endpoint cannot be reached, 78 when the credentials file cannot
  /// be used, 1 otherwise.
  func outcome(for error: RocketClientError) -> CommandOutcome {
    switch error {
    case .notLoggedIn:
      return fail(notLoggedInMessage, status: ExitStatus.notLoggedIn)
    case .notCached(let operation):
      return fail(
        "nothing cached for \(Self.wording(ofOperation: operation)) (--cache cache-only: no request was sent)",
        status: ExitStatus.unavailable)
    case .credentials:
      return fail(error.description, status: ExitStatus.config)
    case .cancelled, .transport(.cancelled):
      return fail("cancelled")
    default:
      let status = error.isUnreachable ? ExitStatus.unavailable : ExitStatus.failure
      return fail(
        error.description + endpointHint(for: error) + Self.certificateHint(for: error), status: status)
    }
  }

  /// After a certificate the client does not trust (a private CA, a self-signed server): the
  /// options that trust it.
  static func certificateHint(for error: RocketClientError) -> String {
    guard case .transport(.tlsFailure(_, let detail)) = error,
      detail.hasPrefix("certificate not trusted")
    else { return "" }
    return "; --cacert FILE trusts the CA that signed it, --insecure checks no certificate"
  }

  /// An operation's name in words: `LaunchDetails` is `launch details`, `Me` your trips.
  static func wording(ofOperation name: String) -> String {
    switch name {
    case "Me": return "your login and trips"
    case "LaunchList": return "the launch list"
    case "TotalTripsBooked": return "the number of trips booked"
    default:
      var words = ""
      for character in name {
        if character.isUppercase && !words.isEmpty { words += " " }
        words += character.lowercased()
      }
      return words
    }
  }

  /// After an HTTP failure against an endpoint without a path (`http://host:4000/`), where the
  /// API almost never is: the `/graphql` URL to try instead.
  private func endpointHint(for error: RocketClientError) -> String {
    guard let endpoint = session?.endpoint, endpoint.path.isEmpty || endpoint.path == "/" else { return "" }
    switch error {
    case .transport, .invalidResponse, .server:
      var text = endpoint.absoluteString
      while text.hasSuffix("/") { text.removeLast() }
      return " (the API is usually at a /graphql path: try --endpoint \(text)/graphql)"
    default:
      return ""
    }
  }

  /// What to say when the server answers that nobody is logged in (see
  /// `Session.notLoggedInMessage`).
  var notLoggedInMessage: String { session?.notLoggedInMessage ?? "log in first: login EMAIL" }

  /// Prints `data` as pretty JSON on standard output: the command's one document (or what
  /// `--jq` makes of it).
  func writeJSON(_ data: JSON) {
    guard document.claim() else { return }
    if writeFiltered(data) { return }
    writeResult(PrettyJSON.format(data, forTerminal: outputIsTerminal) + "\n")
  }
}
