import HTTPServer
import Testing

/// The registry's text: escaping, bounded labelled series, cumulative histogram buckets.
@Suite struct MetricsRegistryTests {
  @Test func labelledCounterWritesOnlySeriesThatCounted() {
    let registry = MetricsRegistry()
    let family = registry.register(
      CounterFamily(
        name: "demo_requests_total", help: "Requests.\nSecond line with \\.",
        labels: [("operation", ["A", "B\"q"]), ("transport", ["post", "get"])]))
    family.add(at: 1, 0)
    family.add(2, at: 1, 0)
    family.add(at: 0, 1)
    #expect(
      String(decoding: registry.render(), as: UTF8.self) == """
        # HELP demo_requests_total Requests.\\nSecond line with \\\\.
        # TYPE demo_requests_total counter
        demo_requests_total{operation="A",transport="get"} 1
        demo_requests_total{operation="B\\"q",transport="post"} 3

        """)
  }

  @Test func histogramBucketsAreCumulative() {
    let registry = MetricsRegistry()
    let histogram = registry.register(
      HistogramFamily(name: "demo_seconds", help: "Durations.", buckets: [0.01, 0.1]))
    histogram.observe(.milliseconds(5))
    histogram.observe(.milliseconds(50))
    histogram.observe(.seconds(2))
    #expect(
      String(decoding: registry.render(), as: UTF8.self) == """
        # HELP demo_seconds Durations.
        # TYPE demo_seconds histogram
        demo_seconds_bucket{le="0.01"} 1
        demo_seconds_bucket{le="0.1"} 2
        demo_seconds_bucket{le="+Inf"} 3
        demo_seconds_sum 2.055
        demo_seconds_count 3

        """)
  }

  @Test func aNameRegisteredTwiceAppearsOnce() {
    let registry = MetricsRegistry()
    registry.register(GaugeFamily(name: "demo_level", help: "A level.") { 1 })
    registry.register(GaugeFamily(name: "demo_level", help: "Another.") { 2 })
    #expect(registry.names == ["demo_level"])
  }
}
