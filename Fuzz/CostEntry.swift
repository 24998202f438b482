// libFuzzer entry point for validation and the cost calculator together (Fuzz/run.sh cost SECONDS).
//
// Compiled into the same module as Sources/Engine/GraphQL. Every input that parses is validated twice:
// with OverlappingFieldsCanBeMerged's fast paths (identities, merged comparison, memos) and with
// the plain pairwise comparison; both must report the same errors. A valid document then gets its
// cost computed (deterministic, never negative, at least one per root field) and runs through the
// request pipeline under small limits, which must answer without crashing and stop at its bound.

private let costSchemaSDL = """
  type Query {
    launches(pageSize: Int, after: String): LaunchConnection!
    launch(id: ID!): Launch
    node(id: ID!): Node
    pick: Pick
    me: User
  }
  type Mutation { bookTrips(launchIds: [ID]!): TripUpdateResponse! }
  interface Node { id: ID! }
  type LaunchConnection { cursor: String! hasMore: Boolean! launches: [Launch]! }
  type Launch implements Node { id: ID! site: String mission: Mission rocket: Rocket isBooked: Boolean! }
  type Mission { name: String missionPatch(size: PatchSize): String }
  enum PatchSize { SMALL LARGE }
  type Rocket implements Node { id: ID! name: String type: [String] }
  type User implements Node { id: ID! email: String! trips: [Launch]! }
  type TripUpdateResponse { success: Boolean! message: String launches: [Launch] }
  union Pick = Launch | Rocket | User
  """

private let costModel = CostModel(
  listBounds: [
    "LaunchConnection.launches": .parentArgument("pageSize", defaultValue: 20, max: 100),
    "TripUpdateResponse.launches": .parentArgument("launchIds", defaultValue: 1, max: .max),
  ],
  defaultListBound: 50)

private let costExecutable: ExecutableSchema<Int>? = {
  guard let schema = try? buildSchema(costSchemaSDL) else { return nil }
  return ExecutableSchema(schema: schema, resolvers: [:])
}()

/// A root value the default resolvers can walk.
private let costRoot: JSON = {
  let launch: JSON = .object([
    "__typename": .string("Launch"), "id": .string("1"), "site": .string("KSC LC 39A"),
    "mission": .object(["name": .string("FalconSat")]), "isBooked": .bool(false),
  ])
  let page = JSON.array(Array(repeating: launch, count: 30))
  return .object([
    "launches": .object(["cursor": .string("c"), "hasMore": .bool(true), "launches": page]),
    "launch": launch, "node": launch, "pick": launch,
  ])
}()

private let pairwiseRules = specifiedRules.map {
  $0.name == ValidationRule.overlappingFieldsCanBeMerged.name ? .overlappingFieldsCanBeMergedPairwise : $0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  guard let executable = costExecutable else { fatalError("the fuzz schema does not build") }
  let schema = executable.schema
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  guard let document = try? parse(utf8: bytes, options: ParseOptions(maxTokens: 20_000, maxDepth: 64))
  else { return 0 }
  let errors = validate(schema: schema, document: document)
  precondition(errors.count <= 101, "validation went past its error limit")
  if errors.count < 100 {
    let reference = validate(schema: schema, document: document, rules: pairwiseRules)
    let fast = errors.map(\.description).sorted()
    let slow = reference.map(\.description).sorted()
    precondition(fast == slow, "fast and pairwise validation differ:\n\(fast)\nvs\n\(slow)")
  }
  guard errors.isEmpty, let operation = try? getOperation(document, operationName: nil) else { return 0 }
  var fragments: [String: FragmentDefinition] = [:]
  for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
    fragments[fragment.name.value] = fragment
  }
  let bounds = CostModel.introspectionBounds(of: schema)
  var first = CostCalculator(
    schema: schema, model: costModel, fragments: fragments, variables: [:], introspectionBounds: bounds)
  var second = first
  let cost = first.cost(of: operation)
  precondition(cost == second.cost(of: operation), "the cost is not deterministic")
  precondition(cost >= operation.selectionSet.selections.count { if case .field = $0 { true } else { false } })
  let text = String(decoding: bytes, as: UTF8.self)
  let processor = GraphQLRequestProcessor(
    schema: executable,
    limits: RequestLimits(maxCost: 5_000, costModel: costModel, maxResponseBytes: 4_000, timeout: .seconds(2)))
  let response = processor.processSyncEncoded(query: text, context: 0, rootValue: costRoot)
  precondition(response.body.count < 4_000 + 8_192, "the response went far past its bound")
  return 0
}
