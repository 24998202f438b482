import GraphQL

/// The embedded launch-booking API: the schema of `Operations/schema.graphqls`, its resolvers,
/// the launch catalog and the booking store, behind one entry point, ``handle(_:authorization:)``,
/// that the in-process transport and the HTTP server both call.
///
/// Thread safety: `Sendable`; `handle` may be called from any number of threads at once, outside
/// any Swift concurrency context (it never suspends). Each call runs one request synchronously on
/// the calling thread.
public final class LaunchBackend: Sendable {
  private let environment: BackendEnvironment
  private let executable: ExecutableSchema<RequestContext>
  private let pipeline: RequestPipeline

  /// Opens (creating and migrating as needed) the booking database and builds the executable
  /// schema from the embedded SDL.
  ///
  /// - Parameters:
  ///   - databasePath: the SQLite file, e.g. `$XDG_DATA_HOME/rocket-reserver/backend.sqlite`
  ///     (the CLI computes it from `--data-dir` or the XDG default).
  ///   - reportInternalError: receives each unexpected error (such as a failed database write)
  ///     before the client gets a generic `INTERNAL_SERVER_ERROR`; a server logs it. Default:
  ///     ignore. Called on the request's thread.
  /// - Throws: ``BookingStoreError`` when the database cannot be opened or migrated;
  ///   ``CatalogError`` or `SchemaValidationError` if the embedded catalog or schema is broken
  ///   (the test suite guards against both).
  public init(
    databasePath: String, reportInternalError: @escaping @Sendable (any Error) -> Void = { _ in }
  ) throws {
    let schema = try buildSchema(EmbeddedResources.schemaSDL)
    let catalog = try LaunchCatalog.embedded
    let store = try BookingStore(path: databasePath)
    environment = BackendEnvironment(
      launches: LaunchIndex(catalog: catalog), store: store, reportInternalError: reportInternalError)
    executable = ExecutableSchema(schema: schema, resolvers: LaunchAPIResolvers.all)
    pipeline = RequestPipeline(schema: schema)
  }

  /// Runs one GraphQL request for the caller named by `authorization`.
  ///
  /// Never throws: every failure is in the response, with `extensions.code` as API.md's table
  /// says (parse, validation, operation resolution and variable errors come from the engine
  /// without `data`; `BAD_USER_INPUT`, `UNAUTHENTICATED` and `INTERNAL_SERVER_ERROR` come from
  /// the resolvers with `data`).
  ///
  /// - Parameters:
  ///   - request: the document, operation name and variables.
  ///   - authorization: the raw `Authorization` header: a bare token or `Bearer <token>`; nil,
  ///     unknown or forged means an anonymous caller.
  /// - Returns: the response and how it went.
  public func handle(_ request: BackendRequest, authorization: String?) -> BackendResponse {
    let context = RequestContext(environment: environment, authorization: authorization)
    return pipeline.run(request, executable: executable, context: context)
  }

  /// Closes the booking database. Requests after this get internal errors.
  public func close() {
    environment.store.close()
  }
}
