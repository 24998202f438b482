/// One metric family of a `MetricsRegistry`. `write` runs on a scraping thread while others
/// update the family, and must not block them for long.
package protocol MetricFamily: Sendable {
  /// The family's name (`rocket_reserver_http_requests_total`), unique in its registry.
  var name: String { get }
  /// Writes the family's `HELP`, `TYPE` and sample lines.
  func write(to text: inout PrometheusText)
}

/// A family's type, as the text format names it.
package enum MetricType: String, Sendable {
  case counter, gauge, histogram
}
