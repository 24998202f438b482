import GraphQL
import GraphQLWire
import Testing

/// The schema and resolvers shared by the execution tests. The same schema and root values were run
/// through graphql-js 16 (`executeSync`) to obtain the expected responses the tests compare with.
/// `Tests/Peers/graphql_core_execute.py` mirrors the data and resolvers for graphql-core 3.3
/// (`GraphQLCoreExecuteDifferentialTests`): change both together.
enum ExecutionFixture {
  static let sdl = """
    type Query {
      hello: String
      nonNullHello: String!
      number(x: Int = 5): Int
      echo(s: String, list: [Int], input: Filter, e: Color, req: Int!): String
      color(c: Color): Color
      badColor: Color
      failing: String
      failingNonNull: String!
      obj: Obj
      objs: [Obj]
      nonNullItems: [String!]
      nonNullList: [String]!
      pet(kind: String): Pet
      search: [SearchResult]
      notList: [Int]
      slow: String
    }
    type Obj { a: String, b: Obj, nn: String!, list: [Obj!] }
    enum Color { RED GREEN BLUE }
    input Filter { name: String!, limit: Int = 10, tags: [String], nested: Filter }
    interface Pet { name: String }
    type Dog implements Pet { name: String, barks: Boolean }
    type Cat implements Pet { name: String, meows: Boolean }
    union SearchResult = Dog | Cat | Obj
    type Mutation { append(s: String!): [String] }
    """

  struct Boom: Error, CustomStringConvertible {
    let description: String
  }

  struct Cat: GraphQLTypeNaming, Sendable {
    let name: String
    let meows: Bool
    var graphQLTypeName: String { "Cat" }
  }

  static func obj(_ depth: Int) -> [String: any Sendable] {
    [
      "a": "a\(depth)", "b": depth > 0 ? obj(depth - 1) : nil, "nn": depth == 1 ? nil : "nn",
      "list": depth > 0 ? [obj(depth - 1)] : [[String: any Sendable]](),
    ]
  }

  static let rootValue: [String: any Sendable] = [
    "hello": "world", "nonNullHello": String?.none, "badColor": "PURPLE",
    "obj": obj(2), "objs": [obj(0), nil, obj(1)] as [[String: any Sendable]?],
    "nonNullItems": ["a", nil, "c"] as [String?], "nonNullList": String?.none,
    "search": [
      JSON.object(["__typename": .string("Dog"), "name": .string("Rex"), "barks": .bool(true)]),
      JSON.object(["__typename": .string("Obj"), "a": .string("x")]),
      JSON.object(["__typename": .string("Cat"), "name": .string("Tom"), "meows": .bool(false)]),
    ],
    "notList": 5,
  ]

  static func executable(
    extra: [String: [String: FieldResolver<Void>]] = [:]
  ) throws -> ExecutableSchema<Void> {
    var resolvers: [String: [String: FieldResolver<Void>]] = [
      "Query": [
        "number": .sync { $0.arguments["x"] },
        "echo": .sync { JSON.object($0.arguments).encodedString },
        "color": .sync { $0.arguments["c"] ?? JSON.string("GREEN") },
        "failing": .sync { _ in throw Boom(description: "boom") },
        "failingNonNull": .sync { _ in throw Boom(description: "boom!") },
        "pet": .sync { input in
          switch input.arguments["kind"]?.stringValue {
          case "cat": Cat(name: "Tom", meows: true)
          case "bad": ["__typename": "Nope", "name": "x"] as [String: any Sendable]
          case "obj": ["__typename": "Obj"] as [String: any Sendable]
          default: JSON.object(["__typename": .string("Dog"), "name": .string("Rex"), "barks": .bool(true)])
          }
        },
        "slow": .async { _ in
          await Task.yield()
          return "done"
        },
      ],
      "Cat": [
        "name": .sync { input in (input.source as? Cat)?.name ?? (input.source as? JSON)?["name"] },
        "meows": .sync { input in (input.source as? Cat)?.meows ?? (input.source as? JSON)?["meows"] },
      ],
    ]
    resolvers.merge(extra) { $0.merging($1) { $1 } }
    return ExecutableSchema(schema: try execTestSchema(sdl), resolvers: resolvers)
  }

  /// Runs `query` synchronously against the fixture and returns the response text.
  static func run(_ query: String, variables: JSONObject? = nil, operationName: String? = nil) throws
    -> String
  {
    try execSync(
      executable(), query, operationName: operationName, variables: variables, context: (),
      rootValue: rootValue)
  }
}
