import Glibc

/// A numeric address the server can listen on, parsed from the `host` the caller gave.
enum ListenAddress {
  case ipv4(in_addr)
  /// The 16 bytes of the address, in network order.
  case ipv6([UInt8])

  /// - Parameter host: an IPv4 address, an IPv6 address (with or without brackets), or
  ///   `localhost` (which means 127.0.0.1). Names are not looked up.
  init?(_ host: String) {
    let numeric = host == "localhost" ? "127.0.0.1" : host
    var v4 = in_addr()
    if inet_pton(AF_INET, numeric, &v4) == 1 {
      self = .ipv4(v4)
      return
    }
    let unbracketed =
      numeric.hasPrefix("[") && numeric.hasSuffix("]") ? String(numeric.dropFirst().dropLast()) : numeric
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, unbracketed, &v6) == 1 else { return nil }
    self = .ipv6(withUnsafeBytes(of: v6) { Array($0) })
  }
}
