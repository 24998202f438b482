import HTTPServer

/// What a `GraphQLHTTPServer` counts its work in: the registry its families join, the operation
/// names counted under their own name, and whether it answers `GET /metrics` itself (false when
/// another listener serves the registry).
package struct ServerMetrics: Sendable {
  package var registry: MetricsRegistry
  package var operationNames: [String]
  package var servesEndpoint: Bool

  /// - Parameters:
  ///   - registry: where the server's families go.
  ///   - operationNames: the operations a client is known to send; others count as `other`.
  ///   - servesEndpoint: whether the server answers `GET /metrics` (default true).
  package init(registry: MetricsRegistry, operationNames: [String], servesEndpoint: Bool = true) {
    self.registry = registry
    self.operationNames = operationNames
    self.servesEndpoint = servesEndpoint
  }
}
