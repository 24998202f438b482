import CommandLineKit
import FoundationEssentials

/// Checks endpoint URLs given with `--endpoint` or `ROCKET_RESERVER_ENDPOINT`.
enum EndpointURL {
  /// Why `text` is not a usable endpoint, in one line naming `source` (nil: the caller does).
  static func problem(_ text: String, source: String? = "--endpoint") -> String {
    let shown = TerminalText.quoted(text) + (source.map { " (\($0))" } ?? "")
    if let url = URL(string: text), let port = url.port, !(1...65535).contains(port) {
      return "invalid endpoint \(shown): the port \(port) is not in 1 to 65535"
    }
    if let url = URL(string: text), hasEscapedHost(url) {
      return "invalid endpoint \(shown): the host name has escaped characters in it"
    }
    return "invalid endpoint \(shown): use an http:// or https:// URL"
  }

  /// `text` as an absolute http(s) URL with a host and a port from 1 to 65535 (if any), or nil.
  static func parse(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
      // `http://x%1B%5B31m/`: no real host name holds escapes.
      !hasEscapedHost(url),
      (url.port.map { (1...65535).contains($0) } ?? true)
    else { return nil }
    return url
  }

  /// Whether the URL's host is written with percent escapes, which no host name needs.
  private static func hasEscapedHost(_ url: URL) -> Bool {
    (url.host(percentEncoded: true) ?? "").contains("%")
  }
}
