import GraphQL
import GraphQLWire

extension LaunchBackend {
  /// Runs a query or mutation with `@defer` and `@stream` honoured (graphql-js 17's incremental
  /// delivery): the payloads in `format`, the first as soon as the fields that are not deferred
  /// are written (so a deferred `me { trips }` or `isBooked`, a database round trip each, does
  /// not hold back the catalog fields). A request that defers nothing, or stops before running,
  /// is one payload with `hasNext` false. The same stages, limits and error codes as
  /// ``process(_:authorization:admission:)``.
  ///
  /// - Parameter client: the client's network address, for the per-address login rate; default
  ///   none.
  /// - Returns: nil for a subscription (``start(_:authorization:)`` streams those).
  public func processIncrementally(
    _ request: GraphQLRequest, authorization: String?, format: IncrementalFormat, client: String? = nil
  ) -> AsyncStream<IncrementalPayload>? {
    processor.processIncrementally(
      request,
      context: ResolverContext(environment: environment, authorization: authorization, client: client),
      admission: .http(allowMutations: true), format: format)
  }
}
