import Glibc

/// A numeric address the server can listen on, parsed from the `host` the caller gave.
struct ListenAddress {
  enum Family {
    case ipv4(in_addr)
    /// The 16 bytes of the address, in network order.
    case ipv6([UInt8])
  }

  let family: Family
  /// The host as given, without the brackets an IPv6 address may come in (`::1`, `localhost`).
  let host: String

  /// - Parameter host: an IPv4 address, an IPv6 address (with or without brackets), or
  ///   `localhost` (which means 127.0.0.1). Names are not looked up.
  init?(_ host: String) {
    var v4 = in_addr()
    if inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &v4) == 1 {
      self.host = host
      family = .ipv4(v4)
      return
    }
    let unbracketed = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, unbracketed, &v6) == 1 else { return nil }
    self.host = unbracketed
    family = .ipv6(withUnsafeBytes(of: v6) { Array($0) })
  }
}
