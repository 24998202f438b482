/// A gauge (or a counter kept elsewhere) read when scraped, so what the program already keeps
/// costs nothing between scrapes.
package struct GaugeFamily: MetricFamily {
  package let name: String
  let help: String
  let type: MetricType
  let labelNames: [String]
  let read: @Sendable () -> [(labels: [String], value: Double)]

  /// A family of several series: `read` gives each one's label values (in `labelNames`' order).
  package init(
    name: String, help: String, type: MetricType = .gauge, labelNames: [String],
    read: @escaping @Sendable () -> [(labels: [String], value: Double)]
  ) {
    self.name = name
    self.help = help
    self.type = type
    self.labelNames = labelNames
    self.read = read
  }

  /// A family of one series without labels.
  package init(
    name: String, help: String, type: MetricType = .gauge, read: @escaping @Sendable () -> Double
  ) {
    self.init(name: name, help: help, type: type, labelNames: []) { [(labels: [], value: read())] }
  }

  package func write(to text: inout PrometheusText) {
    text.header(name: name, help: help, type: type)
    for sample in read() {
      text.sample(name, labels: Array(zip(labelNames, sample.labels)), value: sample.value)
    }
  }
}
