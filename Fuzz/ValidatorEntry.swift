// libFuzzer entry point for validation and execution (see Fuzz/run.sh validator SECONDS).
//
// Compiled into the same module as Sources/Engine/GraphQL. Every input that parses is validated
// against a schema with every kind of type; a valid one is then executed against a fixed root
// value. Neither may crash or hang, and validation must stop at its error limit.

/// A schema of our own with interfaces, unions, enums, input objects, lists and non-nulls.
private let fuzzSchemaSDL = """
  type Query {
    launches(pageSize: Int = 20, after: String): LaunchConnection!
    launch(id: ID!): Launch
    search(text: String!, filter: Filter): [Result!]
    node(id: ID!): Node
    me: User
  }
  type Mutation { bookTrips(launchIds: [ID]!): TripUpdateResponse! }
  type Subscription { tripsBooked: Int }
  interface Node { id: ID! }
  type LaunchConnection { cursor: String! hasMore: Boolean! launches: [Launch]! }
  type Launch implements Node { id: ID! site: String mission: Mission rocket: Rocket isBooked: Boolean! }
  type Mission { name: String missionPatch(size: PatchSize): String }
  enum PatchSize { SMALL LARGE }
  type Rocket implements Node { id: ID! name: String type: String }
  type User implements Node { id: ID! email: String! trips: [Launch]! token: String }
  type TripUpdateResponse { success: Boolean! message: String launches: [Launch] }
  union Result = Launch | Rocket | User
  input Filter { kind: PatchSize, names: [String!], nested: Filter, limit: Int! = 3 }
  """

private let fuzzSchema: ExecutableSchema<Int>? = {
  guard let schema = try? buildSchema(fuzzSchemaSDL) else { return nil }
  return ExecutableSchema(schema: schema, resolvers: [:])
}()

/// A root value the default resolvers can walk: plain JSON with `__typename` for abstract types.
private let fuzzRoot: JSON = {
  let launch: JSON = .object([
    "__typename": .string("Launch"), "id": .string("1"), "site": .string("KSC LC 39A"),
    "mission": .object(["name": .string("FalconSat"), "missionPatch": .null]),
    "rocket": .object(["__typename": .string("Rocket"), "id": .string("falcon1"), "name": .string("Falcon 1")]),
    "isBooked": .bool(false),
  ])
  return .object([
    "launches": .object(["cursor": .string("c"), "hasMore": .bool(true), "launches": .array([launch, .null])]),
    "launch": launch, "search": .array([launch]), "node": launch, "me": .null,
  ])
}()

/// Parses `data`; validates whatever parses; executes whatever validates.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  guard let schema = fuzzSchema else { fatalError("the fuzz schema does not build") }
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  guard let document = try? parse(utf8: bytes, options: ParseOptions(maxTokens: 20_000, maxDepth: 64))
  else { return 0 }
  let errors = validate(schema: schema.schema, document: document, maxErrors: 50)
  precondition(errors.count <= 51, "validation went past its error limit")
  guard errors.isEmpty else { return 0 }
  let result = executeSync(
    schema: schema, document: document, variableValues: [:], context: 0, rootValue: fuzzRoot)
  _ = result.encoded()
  return 0
}
