/// How the client checks the servers it talks TLS to, for every request it makes: libcurl's
/// HTTPS and the WebSocket client's `wss://` alike.
///
/// By default a server's certificate must chain to a CA of the system's trust store
/// (`/etc/ssl/certs`) and name the host connected to. The options are curl's: `--cacert FILE`
/// trusts the CA certificates in `FILE` instead of the store (a private CA, a self-signed
/// server), `--insecure` checks neither chain nor name (the connection is still encrypted, but to
/// whoever answers).
///
/// A plain value: safe to share between tasks.
public struct TLSOptions: Sendable, Equatable {
  /// A PEM file of CA certificates to trust instead of the system's store; nil: the store.
  public var caFile: String?
  /// Whether the certificate chain and the host name are checked (false: `--insecure`).
  public var verifiesPeer: Bool

  /// Options; by default the system's store, with every check.
  ///
  /// - Parameters:
  ///   - caFile: a PEM file of CA certificates to trust instead of the system's (default nil).
  ///   - verifiesPeer: false to check neither chain nor name (default true).
  public init(caFile: String? = nil, verifiesPeer: Bool = true) {
    self.caFile = caFile
    self.verifiesPeer = verifiesPeer
  }
}
