import CommandLineKit
import GraphQLWire
import RocketClient

/// `probe [URL]`: what a GraphQL server speaks, in one table (for when a client and a server
/// disagree about a protocol).
public struct ProbeCommand: Command {
  static let target = Positional(
    "URL", type: .url, optional: true, help: "the server to probe (default: the session's endpoint)")

  public let declaration = CommandDeclaration(
    "probe", summary: "show what a GraphQL server speaks: HTTP, WebSocket, SSE, multipart, APQ, gzip",
    details: """
      Each line is the server's answer to one small request of its own; subscriptions are \
      tried with the first subscription field that needs no argument and cancelled at once. \
      No saved token is sent (--header fields are). Exit status 69 when the server cannot be \
      reached, 1 when it answers but not in GraphQL.
      """,
    arguments: [target.declaration], printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let given = arguments[Self.target].flatMap(EndpointURL.parse)
    guard let endpoint = given ?? context.session?.endpoint else {
      return context.fail(
        "probe: give the URL of a server (the embedded backend needs no probing)", status: ExitStatus.usage)
    }
    let options = context.session?.requestOptions ?? RequestOptions()
    // The user's own header fields go along, but never to a server other than the session's
    // (the same rule as `connect`: an Authorization header stays with its origin).
    var headers = options.headers
    if given != nil, given != context.session?.endpoint { headers["Authorization"] = nil }
    let probe = ServerProbe(endpoint: endpoint, headers: headers, timeout: options.timeout, tls: options.tls)
    let probed = await context.request("Probing \(endpoint.absoluteString)") { _ throws(RocketClientError) in
      do throws(HTTPTransportError) {
        return try await probe.run()
      } catch {
        throw RocketClientError.transport(error)
      }
    }
    guard case .succeeded(let report, _) = probed else { return probed.failure }
    if context.json {
      context.writeJSON(report.json)
    } else {
      context.writeResult(Self.render(report))
    }
    return report.isGraphQL ? .success : .failed()
  }

  /// The report as aligned lines, one finding each; the server's words shown escaped.
  static func render(_ report: ServerProbeReport) -> String {
    func yes(_ value: Bool?, untried: String = "not tried (no subscription field without arguments)")
      -> String
    {
      value.map { $0 ? "yes" : "no" } ?? untried
    }
    func list(_ values: [String]) -> String { values.isEmpty ? "none" : values.joined(separator: ", ") }
    var rows: [(String, String)] = [
      ("endpoint", report.endpoint.absoluteString),
      ("round trip", report.roundTripMilliseconds.map { "\($0) ms" } ?? "-"),
    ]
    guard report.isGraphQL else {
      rows.append(
        ("GraphQL", "no: { __typename } was answered \(report.notGraphQL ?? "without GraphQL data")"))
      rows.append(("WebSocket subprotocols", list(report.webSocketSubprotocols)))
      return Self.aligned(rows)
    }
    rows += [
      ("POST answered in", list(report.postMediaTypes)),
      ("GET", yes(report.get)),
      (
        "invalid document",
        report.validationErrorStatus.isEmpty
          ? "-"
          : report.validationErrorStatus.map { "\($0.status) (\($0.mediaType))" }.joined(separator: ", ")
      ),
      (
        "introspection",
        report.introspection == true ? "on (\(report.schemaTypes ?? 0) types)" : yes(report.introspection)
      ),
      ("WebSocket subprotocols", list(report.webSocketSubprotocols)),
      ("multipart subscriptions", yes(report.multipartSubscriptions)),
      ("SSE subscriptions", yes(report.serverSentEvents)),
      (
        "resumable subscriptions",
        yes(report.resumableSubscriptions, untried: "not tried (no subscription stream)")
      ),
      ("incremental delivery", list(report.incrementalDelivery)),
      ("persisted queries (APQ)", yes(report.automaticPersistedQueries)),
      ("onError (NULL, HALT)", yes(report.onError)),
      ("compression", list(report.compression)),
    ]
    return Self.aligned(rows)
  }

  private static func aligned(_ rows: [(String, String)]) -> String {
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { name, value in
      name + String(repeating: " ", count: width - name.count + 2) + TerminalText.safe(value) + "\n"
    }.joined()
  }
}
