import CommandLineKit
import FoundationEssentials
import GraphQLWire
import RocketClient

/// `--trace` (the request's fields and body, then the response's status, size and body) and
/// `--print-curl` (the request as a `curl` line), on standard error, for the run or one shell
/// line. A secret field reads `***` in a trace and `$TOKEN` in a curl line.
struct TraceInterceptor: RequestInterceptor {
  /// What requests go to: `POST URL`, or `the embedded backend`.
  let target: String
  /// The endpoint URL for curl lines; nil for the embedded backend.
  let url: String?
  /// Whether the whole run traces (`rocket-reserver --trace`).
  let sessionTraces: Bool
  /// Whether the whole run prints curl lines.
  let sessionPrintsCurl: Bool
  /// `--cacert` and `--insecure`, which a curl line repeats.
  var tls = TLSOptions()

  func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    let line = LineRequestOptions.of(request)
    let printsCurl = sessionPrintsCurl || line.printCurl
    let traces = sessionTraces || line.trace
    // A hashed query goes by GET, the request in the URL: shown whole, with no body.
    let getURL = url.flatMap(URL.init(string:)).flatMap {
      request.httpMethod == .get && request.operationType == .query
        ? HTTPTransport.url(for: request.operation, at: $0).absoluteString : nil
    }
    let body = getURL == nil ? String(decoding: request.operation.json.encoded(), as: UTF8.self) : nil
    if printsCurl { report(curlLine(request, url: getURL ?? url, body: body)) }
    guard traces else { return try await chain.proceed(request) }
    var lines = ["> " + (getURL.map { "GET " + $0 } ?? target)]
    // Over HTTP, every field the transport sends (Content-Type, Accept included); in-process,
    // the request's own.
    let sent = url == nil ? request.headers : HTTPTransport.headers(for: request)
    for field in sent { lines.append("> \(field.name): \(Self.shown(field))") }
    if let body { lines.append("> " + body) }
    report(lines.joined(separator: "\n"))
    do {
      let response = try await chain.proceed(request)
      var head = "<"
      if let status = response.status { head += " \(status)" }
      if let size = response.byteCount { head += " \(size) bytes" }
      if response.cachedAnswer != nil { head += " (from the cache)" }
      var text = [head]
      for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
        text.append("< \(name): \(Self.isSecret(name) || name == "set-cookie" ? "***" : value)")
      }
      text.append("< " + String(decoding: response.json.encoded(), as: UTF8.self))
      report(text.joined(separator: "\n"))
      return response
    } catch {
      report("< failed: \(error)")
      throw error
    }
  }

  /// A field's value as a trace shows it: secrets as `***`.
  static func shown(_ field: HTTPHeaders.Field) -> String {
    isSecret(field.name) ? "***" : field.value
  }

  /// Whether a header field carries a credential.
  static func isSecret(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered == "authorization" || lowered == "cookie" || lowered.contains("token")
      || lowered.contains("api-key") || lowered.contains("secret")
  }

  private func curlLine(_ request: OutgoingRequest, url: String?, body: String?) -> String {
    guard let url else { return "curl: none for the embedded backend, which runs in-process" }
    var words = ["curl", "-sS", ShellQuoting.quoted(url)]
    if let caFile = tls.caFile { words += ["--cacert", ShellQuoting.quoted(caFile)] }
    if !tls.verifiesPeer { words.append("--insecure") }
    if body != nil { words += ["-H", "'Content-Type: application/json'"] }
    for field in request.headers {
      // The token stays out of the line: export TOKEN=... first.
      let value =
        Self.isSecret(field.name)
        ? "\"\(field.name): $TOKEN\"" : ShellQuoting.quoted("\(field.name): \(field.value)")
      words += ["-H", value]
    }
    if let body { words += ["--data-binary", ShellQuoting.quoted(body)] }
    return words.joined(separator: " ")
  }

  private func report(_ text: String) {
    writeStandardError(TerminalText.safeLines(text) + "\n")
  }
}
