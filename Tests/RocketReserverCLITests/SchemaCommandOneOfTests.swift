import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `rocket-reserver schema --endpoint` against a server whose schema has a OneOf input: the
/// introspection query the client sends asks for `isOneOf`, so the printed SDL says `@oneOf`.
@Suite struct SchemaCommandOneOfTests {
  static let sdl = """
    type Query {
      launch(by: LaunchKey!): String
    }

    input LaunchKey @oneOf {
      id: ID
      missionName: String
    }
    """

  @Test func printsOneOfFromARemoteSchema() throws {
    let schema = try buildSchema(Self.sdl)
    let executable = ExecutableSchema<Void>(schema: schema, resolvers: [:])
    // The stub answers with our engine's execution of whatever query the client sent.
    let stub = try LoopbackHTTPStub { request in
      guard let body = try? JSON(parsing: String(decoding: request.body, as: UTF8.self)),
        let query = body["query"]?.stringValue, let document = try? parse(query)
      else { return .json(#"{"errors":[{"message":"bad request"}]}"#, status: 400) }
      return .json(executeSync(schema: executable, document: document, context: ()).json.encodedString)
    }
    let fixture = try ShellFixture()
    let result = try fixture.run(["--no-apq", "schema", "--endpoint", stub.url().absoluteString])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == printSchema(schema) + "\n")
    #expect(result.standardOutput.contains("input LaunchKey @oneOf {\n  id: ID\n  missionName: String\n}"))
    let sent = try #require(stub.requests.first.map { String(decoding: $0.body, as: UTF8.self) })
    #expect(sent.contains("isOneOf"))
  }
}
