/// How the client checks TLS servers, for libcurl's HTTPS and the WebSocket's `wss://` alike: by
/// default the certificate must chain to the system's trust store and name the host; as in curl,
/// `--cacert FILE` trusts `FILE`'s CAs instead and `--insecure` checks neither chain nor name.
public struct TLSOptions: Sendable, Equatable {
  /// A PEM file of CA certificates to trust instead of the system's store; nil: the store.
  public var caFile: String?
  /// Whether the certificate chain and the host name are checked (false: `--insecure`).
  public var verifiesPeer: Bool

  /// Options; by default the system's store, with every check.
  public init(caFile: String? = nil, verifiesPeer: Bool = true) {
    self.caFile = caFile
    self.verifiesPeer = verifiesPeer
  }
}
