import Synchronization

/// The metric families one `serve` process exposes at `/metrics`, in the Prometheus text format.
///
/// Created by whoever starts the server and handed to each part that contributes families (the
/// HTTP server, the GraphQL layer, the program): there is no process-wide registry. Families are
/// registered at start-up; updates go to the families themselves (atomics), never through the
/// registry, so its lock is only taken to register and to scrape.
package final class MetricsRegistry: Sendable {
  private let families = Mutex<[any MetricFamily]>([])

  package init() {}

  /// Adds `family`; a second family with the same name replaces nothing and is ignored, so
  /// that one name never appears twice in a scrape.
  /// - Returns: `family`, for keeping.
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
