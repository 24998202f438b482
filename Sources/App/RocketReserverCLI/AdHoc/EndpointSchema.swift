import FoundationEssentials
import GraphQL
import GraphQLWire
import LaunchBackend
import RocketClient

/// The schema an ad-hoc document is checked against: the embedded backend's own, or for
/// `--endpoint` the server's, fetched by introspection once and then read from `SchemaCache`.
enum EndpointSchema {
  /// The schema for the context's session, or the failure already reported.
  static func lookup(context: CommandContext) async -> Result<GraphQLSchema, FetchFailure> {
    guard let session = context.session else {
      return .failure(
        FetchFailure(outcome: context.fail("this command needs a server, and none is configured")))
    }
    let endpoint = session.client.endpointKey
    if endpoint == Credential.embeddedEndpoint {
      do {
        return .success(try LaunchBackend.schema())
      } catch {
        return .failure(FetchFailure(outcome: context.fail("the embedded schema is broken: \(error)")))
      }
    }
    let cache = defaultCache()
    if let introspection = cache?.introspection(for: endpoint),
      let schema = try? buildClientSchema(introspection)
    {
      return .success(schema)
    }
    return await fetch(context: context, cache: cache).map(\.schema)
  }

  /// A failure of `fetch`, already reported.
  struct FetchFailure: Error {
    var outcome: CommandOutcome
  }

  /// Fetches the session's schema by introspection and, for a remote endpoint, stores it in
  /// `cache`; returns the introspection `data` and the schema built from it.
  static func fetch(context: CommandContext, cache: SchemaCache? = defaultCache()) async
    -> Result<(data: JSON, schema: GraphQLSchema), FetchFailure>
  {
    let fetched = await context.request("Fetching the schema") { requests throws(RocketClientError) in
      // The engine's standard introspection query: no generated operation can express it.
      try await requests.execute(
        GraphQLRequest(query: introspectionQuery, operationName: "IntrospectionQuery"))
    }
    guard case .succeeded(let response, let data) = fetched else {
      return .failure(FetchFailure(outcome: fetched.failure))
    }
    let messages = response["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
    guard messages.isEmpty, !data.isNull else {
      let reason = messages.isEmpty ? "no data" : messages.joined(separator: "; ")
      return .failure(FetchFailure(outcome: context.fail("schema: introspection failed: \(reason)")))
    }
    let schema: GraphQLSchema
    do {
      schema = try buildClientSchema(data)
    } catch {
      return .failure(
        FetchFailure(outcome: context.fail("schema: the introspection result is not usable: \(error)")))
    }
    if let endpoint = context.session?.client.endpointKey, endpoint != Credential.embeddedEndpoint {
      // A cache that cannot be written only costs a fetch next time: not worth failing the command.
      try? cache?.store(data, for: endpoint)
    }
    return .success((data, schema))
  }

  /// The cache in the XDG cache folder of this process's environment, if there is a home.
  static func defaultCache() -> SchemaCache? {
    (try? ApplicationDirectories()).map { SchemaCache(directories: $0) }
  }
}
