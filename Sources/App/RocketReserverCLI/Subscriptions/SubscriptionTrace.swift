import CommandLineKit
import FoundationEssentials
import GraphQLWire
import RocketClient

/// `--trace` and `--print-curl` for a subscription (`watch`), which does not go through the
/// request chain: each request as it starts or resumes, then each result, on standard error; a
/// token reads `***` (`$TOKEN` in the curl line), as ``TraceInterceptor`` shows queries.
struct SubscriptionTrace: Sendable {
  let traces: Bool
  let printsCurl: Bool
  /// The endpoint; nil for the embedded backend.
  let url: URL?
  /// `--cacert`, `--insecure`, which a curl line repeats.
  let tls: TLSOptions

  init(session: Session, line: LineRequestOptions) {
    traces = session.requestOptions.trace || line.trace
    printsCurl = session.requestOptions.printCurl || line.printCurl
    url = session.endpoint
    tls = session.requestOptions.tls
  }

  var isOn: Bool { traces || printsCurl }

  /// Reports `request` as it is sent: over HTTP a multipart POST (a server that offers only a
  /// WebSocket gets the same request in a `subscribe` message).
  func started(_ request: GraphQLRequest, headers: HTTPHeaders, authorized: Bool) {
    let body = String(decoding: request.json.encoded(), as: UTF8.self)
    var fields: HTTPHeaders = [
      "Content-Type": "application/json", "Accept": MultipartSubscriptionTransport.accept,
    ]
    for field in headers { fields[field.name] = field.value }
    if authorized && fields["Authorization"] == nil { fields["Authorization"] = "token" }
    if printsCurl {
      guard let url else {
        report("curl: none for the embedded backend, which runs in-process")
        return
      }
      var words = ["curl", "-sS", "-N", ShellQuoting.quoted(url.absoluteString)]
      if let caFile = tls.caFile { words += ["--cacert", ShellQuoting.quoted(caFile)] }
      if !tls.verifiesPeer { words.append("--insecure") }
      for field in fields {
        words += [
          "-H",
          TraceInterceptor.isSecret(field.name)
            ? "\"\(field.name): $TOKEN\"" : ShellQuoting.quoted("\(field.name): \(field.value)"),
        ]
      }
      words += ["--data-binary", ShellQuoting.quoted(body)]
      report(words.joined(separator: " "))
    }
    guard traces else { return }
    var lines = ["> " + (url.map { "POST " + HTTPTransportError.displayed($0) } ?? "the embedded backend")]
    if url != nil {
      for field in fields { lines.append("> \(field.name): \(TraceInterceptor.shown(field))") }
    }
    lines.append("> " + body)
    report(lines.joined(separator: "\n"))
  }

  func received(_ result: JSON) {
    guard traces else { return }
    report("< " + String(decoding: result.encoded(), as: UTF8.self))
  }

  private func report(_ text: String) {
    writeStandardError(TerminalText.safeLines(text) + "\n")
  }
}
