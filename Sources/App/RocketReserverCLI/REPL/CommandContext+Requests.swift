import GraphQLWire
import RocketClient

/// A command's request: its value and the response's raw `data`, or the failure already reported.
enum RequestOutcome<Value> {
  case succeeded(Value, data: JSON)
  case failed(CommandOutcome)

  /// The outcome a failed request left the command with (`.failed()` after a success).
  var failure: CommandOutcome {
    guard case .failed(let outcome) = self else { return .failed() }
    return outcome
  }
}

extension CommandContext {
  /// Runs the requests in `work` with a spinner labelled `label`, with the command's cache policy
  /// and capture, after sending the outbox (unless `cache-only`); a client error becomes an error
  /// line and status (`outcome(for:)`), `interrupted` what Ctrl-C says (a mutation's effect may
  /// be made already), and `whenUnreachable` may queue a change instead of failing.
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

  /// `offline: showing what was cached 5 minutes ago`, with ` (stale)` past the server's max-age.
  private func reportOffline(_ answer: CachedAnswer, session: Session) {
    let age = CacheCommand.age(session.clock() - answer.writtenAt)
    let stale = answer.isStale ? " (stale)" : ""
    output.writeError(
      errorPrefix + errorStyle.warning("offline: showing what was cached \(age) ago\(stale)") + "\n")
  }

  /// Prints the line that explains `error` and returns its status: 77 (no login), 69
  /// (unreachable), 78 (credentials file), else 1.
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

  /// After a certificate the client does not trust: the options that trust it.
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

  /// After an HTTP failure at an endpoint without a path, where the API almost never is: the
  /// `/graphql` URL to try.
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

  /// What to say when the server answers that nobody is logged in: with `--header
  /// 'Authorization: ...'` the server rejected that token.
  var notLoggedInMessage: String {
    session?.givesOwnAuthorization == true
      ? "the server rejected the token given with --header 'Authorization: ...'"
      : "log in first: login EMAIL"
  }

  /// Prints `data`, the command's one document, as pretty JSON (or what `--jq` makes of it).
  func writeJSON(_ data: JSON) {
    guard document.claim() else { return }
    if writeFiltered(data) { return }
    writeResult(PrettyJSON.format(data, forTerminal: outputIsTerminal) + "\n")
  }
}
