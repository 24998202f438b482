import GraphQL
import GraphQLWire
import Testing

/// The cache policy of an operation from the schema's `@cacheControl` hints, by Apollo Server's
/// rules.
@Suite struct CacheControlTests {
  static let sdl = """
    directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean) on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
    enum CacheControlScope { PUBLIC PRIVATE }
    type Query {
      books: [Book] @cacheControl(maxAge: 60)
      book(id: ID!): Book
      latest: Book @cacheControl(maxAge: 30)
      viewer: User
      count: Int @cacheControl(maxAge: 5)
      version: String
    }
    type Mutation { like(id: ID!): Book }
    type Book @cacheControl(maxAge: 120) {
      id: ID!
      title: String
      author: Author
      publisher: Publisher
      likedByMe: Boolean @cacheControl(scope: PRIVATE)
    }
    type Author @cacheControl(inheritMaxAge: true) { name: String }
    type Publisher { name: String }
    type User @cacheControl(scope: PRIVATE) { name: String }
    """

  private func policy(_ query: String) throws -> CacheControlPolicy? {
    let hints = CacheControlHints(schema: try parse(Source(Self.sdl)))
    let document = try parse(Source(query))
    var operation: OperationDefinition?
    var fragments: [String: FragmentDefinition] = [:]
    for definition in document.definitions {
      switch definition {
      case .operation(let node): operation = node
      case .fragment(let node): fragments[node.name.value] = node
      default: break
      }
    }
    return hints.policy(of: try #require(operation), fragments: fragments)
  }

  @Test func aFieldsOwnHintWinsOverItsTypes() throws {
    #expect(try policy("{ books { id title } }") == CacheControlPolicy(maxAge: 60, scope: .public))
    #expect(try policy("{ latest { title } }") == CacheControlPolicy(maxAge: 30, scope: .public))
  }

  @Test func aFieldWithoutAHintTakesItsTypesHint() throws {
    #expect(try policy("{ book(id: 1) { title } }") == CacheControlPolicy(maxAge: 120, scope: .public))
  }

  @Test func theLowestAgeOfAllFieldsWins() throws {
    #expect(
      try policy("{ books { id } count latest { id } }") == CacheControlPolicy(maxAge: 5, scope: .public))
  }

  @Test func unhintedRootScalarsAndObjectFieldsAreNotCacheable() throws {
    #expect(try policy("{ version }")?.maxAge == 0)
    #expect(try policy("{ books { publisher { name } } }")?.maxAge == 0)
    #expect(try policy("{ version }")?.headerValue == "no-store")
  }

  @Test func inheritMaxAgeTakesTheParentsAge() throws {
    #expect(try policy("{ books { author { name } } }") == CacheControlPolicy(maxAge: 60, scope: .public))
  }

  @Test func onePrivateFieldOrTypeMakesTheAnswerPrivate() throws {
    let liked = try policy("{ books { id likedByMe } }")
    #expect(liked == CacheControlPolicy(maxAge: 60, scope: .private))
    #expect(liked?.headerValue == "max-age=60, private")
    #expect(try policy("{ viewer { name } }")?.scope == .private)
  }

  @Test func fragmentsCountAsTheirFields() throws {
    let spread = try policy("query { books { ...Liked } } fragment Liked on Book { likedByMe }")
    #expect(spread == CacheControlPolicy(maxAge: 60, scope: .private))
    #expect(try policy("{ books { ... on Book { publisher { name } } } }")?.maxAge == 0)
  }

  @Test func mutationsHaveNoPolicy() throws {
    #expect(try policy("mutation { like(id: 1) { id } }") == nil)
  }

  @Test func thePipelineGivesExecutedQueriesTheirPolicy() throws {
    let schema = try buildSchema(Self.sdl)
    let processor = GraphQLRequestProcessor(
      schema: ExecutableSchema<Void>(schema: schema, resolvers: [:]),
      cacheHints: CacheControlHints(schema: try parse(Source(Self.sdl))))
    let response = processor.process(GraphQLRequest(query: "{ count }"), context: ())
    #expect(response.cachePolicy == CacheControlPolicy(maxAge: 5, scope: .public))
    let invalid = processor.process(GraphQLRequest(query: "{ nothing }"), context: ())
    #expect(invalid.cachePolicy == nil)
  }
}
