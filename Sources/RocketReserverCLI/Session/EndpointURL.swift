import Foundation

/// Checks endpoint URLs given with `--endpoint` or `ROCKET_RESERVER_ENDPOINT`.
enum EndpointURL {
  /// `text` as an absolute http(s) URL with a host and a port from 1 to 65535 (if any), or nil.
  static func parse(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
      (url.port.map { (1...65535).contains($0) } ?? true)
    else { return nil }
    return url
  }
}
