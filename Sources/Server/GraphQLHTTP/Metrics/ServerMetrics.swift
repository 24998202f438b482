import HTTPServer

/// What a `GraphQLHTTPServer` counts its work in, the operations counted by name, and whether it
/// answers `GET /metrics` itself (not when another listener serves the registry).
package struct ServerMetrics: Sendable {
  package var registry: MetricsRegistry
  package var operationNames: [String]
  package var servesEndpoint: Bool

  package init(registry: MetricsRegistry, operationNames: [String], servesEndpoint: Bool = true) {
    self.registry = registry
    self.operationNames = operationNames
    self.servesEndpoint = servesEndpoint
  }
}
