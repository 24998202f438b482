import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `rocket-reserver schema` prints what introspection says, which must be the schema file.
@Suite struct SchemaCommandTests {
  /// `Operations/schema.graphqls` of this checkout.
  private static var schemaFile: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Operations/schema.graphqls")
  }

  @Test func printsTheSchemaOfTheEmbeddedAPI() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["schema"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    // Printed from introspection, which carries no applied directive: the file's schema without
    // its fields' `@semanticNonNull`s.
    let expected = printSchema(try buildSchema(try String(contentsOf: Self.schemaFile, encoding: .utf8)))
      .split(separator: "\n", omittingEmptySubsequences: false).map { line in
        line.hasPrefix("directive ")
          ? String(line) : String(line.replacing(/\ @semanticNonNull(\(levels: \[[0-9, ]*\]\))?/, with: ""))
      }.joined(separator: "\n")
    #expect(result.standardOutput == expected + "\n")
    // And the printed SDL builds the same schema again.
    #expect(printSchema(try buildSchema(result.standardOutput)) == expected)
  }

  @Test func anUnreachableEndpointIsStatus69() throws {
    let fixture = try ShellFixture()
    let closed = try LoopbackHTTPStub.closedPort()
    let result = try fixture.run(["schema", "--endpoint", "http://127.0.0.1:\(closed)/graphql"])
    #expect(result.status == 69)
    #expect(result.standardError.contains("connection refused"))
  }
}
