import FoundationEssentials
import GraphQLWire

extension HTTPTransportError {
  /// The error for a response the GraphQL layer cannot use, or nil when its body looks like JSON
  /// (GraphQL servers answer errors with 400 or 500 and JSON): a 3xx is `redirected` (never
  /// followed), a 5xx `serverError`, any other `notJSON`.
  public static func classify(_ response: HTTPResponse, from endpoint: URL) -> HTTPTransportError? {
    if (300..<400).contains(response.status) {
      return .redirected(endpoint: endpoint, status: response.status, location: response.header("location"))
    }
    let kind = response.bodyKind
    guard kind != .json else { return nil }
    if response.isServerError {
      return .serverError(endpoint: endpoint, status: response.status, body: kind)
    }
    return .notJSON(endpoint: endpoint, status: response.status, body: kind)
  }

  /// A TLS failure's cause from curl's message ("SSL certificate problem: self-signed
  /// certificate"), or nil when the message is not about TLS.
  static func tlsDetail(curlMessage message: String) -> String? {
    let lowered = message.lowercased()
    if lowered.contains("wrong version number") || lowered.contains("packet length too long") {
      return "the server does not speak TLS; try http:// instead of https://"
    }
    // Worded as the WebSocket's own TLS words them (`TLSFailure`).
    if let range = message.firstRange(of: "SSL certificate problem: ") {
      return "certificate not trusted: " + message[range.upperBound...]
    }
    if let range = message.firstRange(of: "target host name '") {
      let host = message[range.upperBound...].prefix { $0 != "'" }
      let names = message.firstRange(of: "certificate subject name '").map {
        message[$0.upperBound...].prefix { $0 != "'" }
      }
      return "hostname mismatch: the certificate is " + (names.map { "for \($0), not" } ?? "not for")
        + " \(host)"
    }
    guard lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("certificate") else {
      return nil
    }
    return message
  }
}
