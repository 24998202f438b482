import FoundationEssentials
import GraphQL
import LaunchBackend
import RocketClient

/// The schema an ad-hoc document is checked against: the embedded backend's own, or for
/// `--endpoint` the server's, fetched by introspection once and then read from `SchemaCache`.
enum EndpointSchema {
  /// The outcome of finding the schema: the schema, or the failure already reported.
  enum Lookup {
    case found(GraphQLSchema)
    case failed(CommandOutcome)
  }

  /// The schema for the context's session.
  /// - Parameters:
  ///   - context: the session and where to report failures.
  ///   - refresh: fetch it again even if the cache holds a fresh copy (`schema --refresh`).
  ///   - cache: where fetched schemas are kept (default: the XDG cache folder; none without a home).
  static func lookup(context: CommandContext, refresh: Bool = false, cache: SchemaCache? = defaultCache())
    async -> Lookup
  {
    guard let session = context.session else {
      return .failed(context.fail("this command needs a server, and none is configured"))
    }
    let endpoint = session.client.endpointKey
    if endpoint == Credential.embeddedEndpoint {
      do {
        return .found(try LaunchBackend.schema())
      } catch {
        return .failed(context.fail("the embedded schema is broken: \(error)"))
      }
    }
    if !refresh, let introspection = cache?.introspection(for: endpoint),
      let schema = try? buildClientSchema(introspection)
    {
      return .found(schema)
    }
    let fetched = await context.request("Fetching the schema") { session throws(RocketClientError) in
      // The engine's standard introspection query, sent as is: no generated operation can express it.
      try await session.client.execute(
        GraphQLRequest(query: introspectionQuery, operationName: "IntrospectionQuery"))
    }
    guard case .succeeded(let response, let data) = fetched else {
      if case .failed(let outcome) = fetched { return .failed(outcome) }
      return .failed(.failed())
    }
    let messages = response["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
    guard messages.isEmpty, !data.isNull else {
      let reason = messages.isEmpty ? "no data" : messages.joined(separator: "; ")
      return .failed(context.fail("schema: introspection failed: \(reason)"))
    }
    let schema: GraphQLSchema
    do {
      schema = try buildClientSchema(data)
    } catch {
      return .failed(context.fail("schema: the introspection result is not usable: \(error)"))
    }
    // A cache that cannot be written only costs a fetch next time: not worth failing the command.
    try? cache?.store(data, for: endpoint)
    return .found(schema)
  }

  /// The cache in the XDG cache folder of this process's environment, if there is a home.
  static func defaultCache() -> SchemaCache? {
    (try? ApplicationDirectories()).map { SchemaCache(directories: $0) }
  }
}
