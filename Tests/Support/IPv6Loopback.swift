import Glibc

/// Whether this machine can listen on the IPv6 loopback (some containers have no IPv6): tests of
/// `::1` endpoints run only where it can.
public let hasIPv6Loopback: Bool = {
  let probe = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
  guard probe >= 0 else { return false }
  defer { close(probe) }
  var address = sockaddr_in6()
  address.sin6_family = sa_family_t(AF_INET6)
  address.sin6_addr = in6addr_loopback
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
    }
  }
}()
