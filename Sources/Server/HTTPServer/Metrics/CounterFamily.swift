/// A counter (or a gauge threads move up and down) with up to three labels of fixed values, so
/// counting is one atomic add at an index from the values' positions: no string per update.
/// Labelled series still at zero are left out of a scrape.
package final class CounterFamily: MetricFamily {
  package let name: String
  let help: String
  let type: MetricType
  /// The label names, outermost first.
  let labelNames: [String]
  /// Each label's values, in the order its positions count.
  let labelValues: [[String]]
  /// Multiplies a value's position into the series index, per label.
  private let strides: [Int]
  private let cells: [MetricCell]
  /// Counted units per sample unit (1e9 for seconds counted in nanoseconds).
  let unitsPerValue: Double

  /// A family named `name` (a counter's ends in `_total`) with each label's name and values.
  package init(
    name: String, help: String, type: MetricType = .counter, labels: [(name: String, values: [String])] = [],
    unitsPerValue: Double = 1
  ) {
    self.name = name
    self.help = help
    self.type = type
    self.unitsPerValue = unitsPerValue
    labelNames = labels.map(\.name)
    labelValues = labels.map(\.values)
    var strides: [Int] = []
    var stride = 1
    for label in labels.reversed() {
      strides.insert(stride, at: 0)
      stride *= max(1, label.values.count)
    }
    self.strides = strides
    cells = (0..<stride).map { _ in MetricCell() }
  }

  /// Adds `amount` to the series without labels.
  @inline(__always)
  package func add(_ amount: Int = 1) { cells[0].add(amount) }

  /// Adds `amount` to the series at these positions of the label values.
  @inline(__always)
  package func add(_ amount: Int = 1, at first: Int) { cells[first].add(amount) }

  @inline(__always)
  package func add(_ amount: Int = 1, at first: Int, _ second: Int) {
    cells[first * strides[0] + second].add(amount)
  }

  @inline(__always)
  package func add(_ amount: Int = 1, at first: Int, _ second: Int, _ third: Int) {
    cells[first * strides[0] + second * strides[1] + third].add(amount)
  }

  /// The series' value at these positions (for tests).
  package func value(at positions: [Int] = []) -> Int {
    cells[zip(positions, strides).reduce(0) { $0 + $1.0 * $1.1 }].load
  }

  package func write(to text: inout PrometheusText) {
    text.header(name: name, help: help, type: type)
    if labelNames.isEmpty {
      text.sample(name, value: Double(cells[0].load) / unitsPerValue)
      return
    }
    for (index, cell) in cells.enumerated() {
      let value = cell.load
      guard value != 0 else { continue }
      var labels: [(String, String)] = []
      for (label, stride) in strides.enumerated() {
        labels.append((labelNames[label], labelValues[label][(index / stride) % labelValues[label].count]))
      }
      text.sample(name, labels: labels, value: Double(value) / unitsPerValue)
    }
  }
}
