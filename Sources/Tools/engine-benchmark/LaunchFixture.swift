import GraphQL
import GraphQLWire

/// The schema, catalog and resolvers of `Benchmarks/reference/engine-reference.js`, mapped one for one so
/// both engines do the same work: the catalog as plain dictionaries (JavaScript objects there), the
/// `launches`, `missionPatch` and `isBooked` resolvers, every other field by default resolution.
///
/// Representation: both sides read the catalog as string-keyed maps (`[String: any Sendable]` here,
/// plain objects in graphql-js). Typed final classes with an explicit `.sync` resolver per field
/// (LaunchBackend's style) were measured too and ran about half as fast: each resolver call still
/// builds a generic `ResolverInput` and `ResolveInfo`, which costs more than a dictionary lookup.
struct LaunchFixture {
  /// The query the reference times, character for character.
  static let query =
    "query LaunchList($after: String) { launches(pageSize: 20, after: $after) { cursor hasMore launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } isBooked } } }"

  /// The schema with the reference's resolvers.
  let executable: ExecutableSchema<Void>

  /// - Throws: `BenchmarkError` when either file does not parse or has an unexpected shape.
  init(schemaText: String, catalogText: [UInt8]) throws {
    let schema = try buildSchema(schemaText)
    let catalog = try Self.catalog(from: JSON(parsing: catalogText))
    executable = ExecutableSchema(schema: schema, resolvers: Self.resolvers(catalog: catalog))
  }

  /// The reference's mapping of the SpaceX records, newest flight first.
  static func catalog(from json: JSON) throws -> [[String: any Sendable]] {
    guard let records = json.arrayValue else { throw BenchmarkError("launches.json is not an array") }
    var launches: [(flight: Int, launch: [String: any Sendable])] = []
    for record in records {
      guard let flight = record["flight_number"]?.intValue, let rocket = record["rocket"] else {
        throw BenchmarkError("a launch has no flight_number or rocket")
      }
      let links = record["links"]
      // Values are stored unwrapped and a missing one is left out (as `undefined` in the
      // reference's objects): a `String?` boxed in `any Sendable` is a double optional that every
      // cast must unwrap, which no Swift catalog would choose.
      let launch: [String: any Sendable] = Self.present([
        "id": String(flight),
        "flight": flight,
        "site": record["launch_site"]?["site_name"]?.stringValue,
        "mission": Self.present([
          "name": record["mission_name"]?.stringValue,
          "small": links?["mission_patch_small"]?.stringValue,
          "large": links?["mission_patch"]?.stringValue,
        ]),
        "rocket": Self.present([
          "id": rocket["rocket_id"]?.stringValue,
          "name": rocket["rocket_name"]?.stringValue,
          "type": rocket["rocket_type"]?.stringValue,
        ]),
      ])
      launches.append((flight, launch))
    }
    return launches.sorted { $0.flight > $1.flight }.map(\.launch)
  }

  /// The members that have a value.
  static func present(_ members: [String: (any Sendable)?]) -> [String: any Sendable] {
    members.compactMapValues { $0 }
  }

  /// `launches` (first page only, `min(pageSize, 100)`), `missionPatch` by size, `isBooked` false.
  static func resolvers(catalog: [[String: any Sendable]]) -> [String: [String: FieldResolver<Void>]] {
    [
      "Query": [
        "launches": .sync { input in
          let pageSize = input.arguments["pageSize"]?.intValue ?? 20
          let page = Array(catalog.prefix(min(pageSize, 100)))
          let cursor = page.last?["id"]
          return [
            "cursor": cursor, "hasMore": page.count < catalog.count, "launches": page,
          ] as [String: any Sendable]
        }
      ],
      "Mission": [
        "missionPatch": .sync { input in
          guard let mission = input.source as? [String: any Sendable] else { return nil }
          return input.arguments["size"]?.stringValue == "SMALL" ? mission["small"] : mission["large"]
        }
      ],
      "Launch": [
        "isBooked": .sync { _ in false }
      ],
    ]
  }
}

/// A benchmark set-up failure, with a message for the terminal.
struct BenchmarkError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}
