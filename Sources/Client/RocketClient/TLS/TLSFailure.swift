/// Why a TLS connection could not be made, in words a user can act on (certificate text is
/// printable ASCII: the shim escapes the rest).
enum TLSFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// The session could not be set up (libssl missing, an unreadable CA file): the reason.
  case setUp(String)
  /// The certificate chain does not lead to a trusted CA, or a certificate in it is not valid
  /// (expired, ...): OpenSSL's reason, and the subject and issuer of the certificate at fault.
  case untrusted(reason: String, subject: String, issuer: String)
  /// The certificate is trusted but names other hosts than the one connected to.
  case hostnameMismatch(host: String, names: String)
  /// The server answered with something that is not TLS.
  case notTLS
  /// The server closed the connection during the handshake.
  case closed
  /// Anything else: OpenSSL's reason, such as "tlsv1 alert protocol version".
  case other(String)

  var description: String {
    switch self {
    case .setUp(let reason):
      return reason
    case .untrusted(let reason, let subject, let issuer):
      let certificate =
        subject.isEmpty ? "" : ", certificate \(subject) issued by \(issuer.isEmpty ? "?" : issuer)"
      return "certificate not trusted: \(reason)\(certificate)"
    case .hostnameMismatch(let host, let names):
      return "hostname mismatch: the certificate is for \(names.isEmpty ? "no name" : names), not \(host)"
    case .notTLS:
      return "the server does not speak TLS; try http:// instead of https://"
    case .closed:
      return "the server closed the connection during the handshake"
    case .other(let reason):
      return reason.isEmpty ? "unknown error" : reason
    }
  }
}
