import GraphQL
import GraphQLWire
import TestSupport
import Testing

@testable import LaunchBackend

/// The generated selection writers (`makeTypedRootWriters`) answer every request with the very bytes
/// the generic executor writes from the same conformers' resolver table: values, nulls, field
/// errors and their propagation, aliases, fragments, `__typename`, introspection, variables.
@Suite struct TypedExecutionTests {
  let directory: TemporaryDirectory
  let environment: BackendEnvironment
  let generic: ExecutableSchema<ResolverContext>
  let typed: ExecutableSchema<ResolverContext>

  init() throws {
    directory = try TemporaryDirectory(prefix: "typed-execution")
    environment = BackendEnvironment(
      launches: LaunchIndex(catalog: try LaunchCatalog.embedded),
      store: try SQLiteBookingStore(path: directory.child("backend.sqlite")), reportInternalError: { _ in },
      tripsBookedChanged: { _ in })
    let schema = try buildSchema(EmbeddedResources.schemaSDL)
    generic = ExecutableSchema(schema: schema, resolvers: LaunchAPIResolvers.all)
    typed = ExecutableSchema(
      schema: schema, resolvers: LaunchAPIResolvers.all, typed: LaunchAPIResolvers.typed)
  }

  /// Both executors' response text for `query` (each with a fresh context).
  private func both(_ query: String, variables: JSONObject? = nil, authorization: String? = nil) throws
    -> (generic: String, typed: String)
  {
    let document = try parse(Source(query))
    #expect(validate(schema: generic.schema, document: document).isEmpty, "\(query)")
    func run(_ schema: ExecutableSchema<ResolverContext>) -> String {
      String(
        decoding: executeSyncEncoded(
          schema: schema, document: document, variableValues: variables,
          context: ResolverContext(environment: environment, authorization: authorization)),
        as: UTF8.self)
    }
    return (run(generic), run(typed))
  }

  static let queries = [
    "query LaunchList($after: String) { launches(pageSize: 20, after: $after) { cursor hasMore launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } isBooked } } }",
    "{ launches(pageSize: 3) { __typename cursor launches { __typename a: id b: id mission { missionPatch } ...R } } } fragment R on Launch { rocket { ... on Rocket { name } type } }",
    "{ launch(id: \"1\") { id site } missing: launch(id: \"100000\") { id } totalTripsBooked me { id } }",
    "{ launches(pageSize: 0) { cursor } }",
    "{ launches(after: \"not a cursor\") { hasMore } }",
    "{ __typename __schema { queryType { name } } __type(name: \"Launch\") { name fields { name } } }",
    "{ a: launches(pageSize: 2) { launches { id } } b: launches(pageSize: 1) { launches { mission { name } } } }",
    "mutation { login(email: \"not an email\") { token } }",
    "mutation { bookTrips(launchIds: [\"1\"]) { success message launches { id } } }",
  ]

  @Test(arguments: queries) func typedWritersWriteWhatTheGenericExecutorWrites(query: String) throws {
    let (generic, typed) = try both(query)
    #expect(typed == generic)
    #expect(typed.contains("\"data\""), "\(typed)")
  }

  @Test func variablesAndALoggedInCallerGiveTheSameResponses() throws {
    let login = try both(#"mutation { login(email: "typed@example.com") { id email } }"#)
    #expect(login.typed == login.generic)
    let token = try #require(
      try JSON(
        parsing: Array(
          String(
            decoding: executeSyncEncoded(
              schema: typed,
              document: parse(Source(#"mutation { login(email: "typed@example.com") { token } }"#)),
              context: ResolverContext(environment: environment, authorization: nil)), as: UTF8.self
          ).utf8))["data"]?["login"]?["token"]?.stringValue)
    let booked = try both(
      #"mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success launches { id isBooked } } }"#,
      variables: ["ids": .array([.string("110"), .string("2"), .string("999999")])], authorization: token)
    #expect(booked.typed == booked.generic)
    let page = try both(
      "query($n: Int, $skip: Boolean!) { launches(pageSize: $n) { launches { id isBooked @skip(if: $skip) } } me { email trips { id } } }",
      variables: ["n": .int(5), "skip": .bool(false)], authorization: token)
    #expect(page.typed == page.generic)
    #expect(page.typed.contains("\"isBooked\":true"), "\(page.typed)")
  }
}
