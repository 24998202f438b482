import Foundation

/// Checks endpoint URLs given with `--endpoint` or `ROCKET_RESERVER_ENDPOINT`.
enum EndpointURL {
  /// Why `text` is not a usable endpoint, in one line.
  static func problem(_ text: String) -> String {
    if let url = URL(string: text), let port = url.port, !(1...65535).contains(port) {
      return "invalid endpoint '\(text)': the port \(port) is not in 1 to 65535"
    }
    return "invalid endpoint '\(text)': use an http:// or https:// URL"
  }

  /// `text` as an absolute http(s) URL with a host and a port from 1 to 65535 (if any), or nil.
  static func parse(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
      (url.port.map { (1...65535).contains($0) } ?? true)
    else { return nil }
    return url
  }
}
