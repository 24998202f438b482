import Synchronization

/// The metric families one `serve` process exposes at `/metrics` (no process-wide registry:
/// each part that contributes is handed one). Updates go to the families' atomics, so the lock
/// is only taken to register and to scrape.
package final class MetricsRegistry: Sendable {
  private let families = Mutex<[any MetricFamily]>([])

  package init() {}

  /// Adds `family` (a second of the same name is ignored) and returns it.
  @discardableResult
  package func register<Family: MetricFamily>(_ family: Family) -> Family {
    families.withLock { families in
      if !families.contains(where: { $0.name == family.name }) { families.append(family) }
    }
    return family
  }

  /// The names registered, in order.
  package var names: [String] { families.withLock { $0.map(\.name) } }

  /// Every family, as the body of a scrape's answer.
  package func render() -> [UInt8] {
    let families = families.withLock { $0 }
    var text = PrometheusText()
    for family in families { family.write(to: &text) }
    return text.bytes
  }
}
