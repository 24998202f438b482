import GraphQLAPI
import GraphQLWire
import RocketClient

/// The session's client as one command uses it: every call carries the command's cache policy
/// and capture as parameters, not task-locals.
struct CommandRequests: Sendable {
  /// The session the command runs in.
  let session: Session
  /// Where the command's query answers may come from.
  let cachePolicy: CachePolicy
  /// Keeps the response bodies the command's requests bring back.
  let capture: ResponseCapture

  /// Runs a query with the command's policy and capture.
  func fetch<Query: GraphQLQuery>(_ query: Query) async throws(RocketClientError) -> GraphQLResult<Query.Data>
  {
    try await session.client.fetch(query, cachePolicy: cachePolicy, context: capture)
  }

  /// Runs a mutation with the command's capture and the change's `Idempotency-Key`, if any.
  func perform<Mutation: GraphQLMutation>(_ mutation: Mutation, idempotencyKey: String? = nil)
    async throws(RocketClientError) -> GraphQLResult<Mutation.Data>
  {
    try await session.client.perform(mutation, idempotencyKey: idempotencyKey, context: capture)
  }

  /// Sends a request no generated operation expresses, with the command's capture.
  func execute(_ request: GraphQLRequest, operationType: GraphQLOperationType = .query)
    async throws(RocketClientError) -> JSON
  {
    try await session.client.execute(request, operationType: operationType, context: capture)
  }

  /// ``execute(_:operationType:)`` yielding each stage of an incremental answer as it arrives.
  func stages(_ request: GraphQLRequest, operationType: GraphQLOperationType = .query)
    -> AsyncThrowingStream<IncrementalStage, any Error>
  {
    session.client.stages(of: request, operationType: operationType, context: capture)
  }

  /// ``fetch(_:)`` yielding the data at each stage of the answer, deferred fragments as they come.
  func stages<Query: GraphQLQuery>(of query: Query) -> AsyncThrowingStream<QueryStage<Query.Data>, any Error>
  {
    session.client.stages(of: query, cachePolicy: cachePolicy, context: capture)
  }

  /// Logs in with the command's capture (`LoginCommand` redacts the token it holds).
  func logIn<Mutation: GraphQLMutation>(
    _ mutation: Mutation, email: String, token: (Mutation.Data) -> String?
  ) async throws(RocketClientError) -> Credential {
    try await session.client.logIn(mutation, email: email, context: capture, token: token)
  }
}
