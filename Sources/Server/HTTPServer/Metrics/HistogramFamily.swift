/// A histogram of durations in seconds, optionally by one label of fixed values. An observation
/// is a few atomic adds; buckets are made cumulative only when scraped.
package final class HistogramFamily: MetricFamily {
  /// Upper bounds in seconds for request latencies: half a millisecond to ten seconds.
  package static let latencyBuckets: [Double] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
  ]

  package let name: String
  let help: String
  let labelName: String?
  let labelValues: [String]
  /// Bucket upper bounds, in nanoseconds and as the `le` text.
  private let bounds: [Int]
  private let boundTexts: [String]
  /// Per series: one cell per bucket plus one past the last (`+Inf`), the count and the sum.
  private let series: [Series]

  private struct Series: Sendable {
    let buckets: [MetricCell]
    let count = MetricCell()
    let sumNanoseconds = MetricCell()
  }

  /// A family named `name` (ending in `_seconds`), with increasing `buckets` in seconds.
  package init(
    name: String, help: String, buckets: [Double] = latencyBuckets,
    label: (name: String, values: [String])? = nil
  ) {
    self.name = name
    self.help = help
    labelName = label?.name
    labelValues = label?.values ?? [""]
    bounds = buckets.map { Int(($0 * 1e9).rounded()) }
    boundTexts = buckets.map(PrometheusText.format)
    series = labelValues.map { _ in Series(buckets: (0...buckets.count).map { _ in MetricCell() }) }
  }

  /// Records one duration in the series at `position` of the label's values (0 without a label).
  @inline(__always)
  package func observe(_ duration: Duration, at position: Int = 0) {
    let components = duration.components
    let nanoseconds = max(
      0, Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000))
    let series = series[position]
    var bucket = 0
    while bucket < bounds.count, nanoseconds > bounds[bucket] { bucket += 1 }
    series.buckets[bucket].add(1)
    series.count.add(1)
    series.sumNanoseconds.add(nanoseconds)
  }

  /// Observations recorded in the series at `position` (for tests).
  package func count(at position: Int = 0) -> Int { series[position].count.load }

  package func write(to text: inout PrometheusText) {
    text.header(name: name, help: help, type: .histogram)
    for (position, series) in series.enumerated() {
      let count = series.count.load
      // A labelled series that saw nothing is left out, as counters' are.
      if labelName != nil, count == 0 { continue }
      let base: [(String, String)] = labelName.map { [($0, labelValues[position])] } ?? []
      var cumulative = 0
      for (bucket, bound) in boundTexts.enumerated() {
        cumulative += series.buckets[bucket].load
        text.sample(name + "_bucket", labels: base + [("le", bound)], value: Double(cumulative))
      }
      cumulative += series.buckets[boundTexts.count].load
      // The count, read apart, may run ahead of the buckets: `+Inf` takes the larger.
      text.sample(name + "_bucket", labels: base + [("le", "+Inf")], value: Double(max(cumulative, count)))
      text.sample(name + "_sum", labels: base, value: Double(series.sumNanoseconds.load) / 1e9)
      text.sample(name + "_count", labels: base, value: Double(max(cumulative, count)))
    }
  }
}
