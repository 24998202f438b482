import FoundationEssentials

/// Checks endpoint URLs given with `--endpoint` or `ROCKET_RESERVER_ENDPOINT`.
enum EndpointURL {
  /// `text` as an absolute http(s) URL with a host, or nil.
  static func parse(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }
}
