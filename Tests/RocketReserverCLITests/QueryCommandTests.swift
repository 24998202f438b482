import Foundation
import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

/// `rocket-reserver query`: each input form, local checks and exit statuses, through the binary.
@Suite struct QueryCommandTests {
  @Test func anInlineDocumentPrintsTheWholeResponseAsIndentedJSON() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["query", "{ launch(id: 1) { id mission { name } } }"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    #expect(
      result.standardOutput == """
        {
          "data": {
            "launch": {
              "id": "1",
              "mission": {
                "name": "FalconSat"
              }
            }
          }
        }

        """)
  }

  @Test func aFileStandardInputVariablesAndAnOperationName() throws {
    let fixture = try ShellFixture()
    let file = fixture.root.appendingPathComponent("patch.graphql")
    try """
    query Other { totalTripsBooked }
    query Patch($id: ID!, $size: PatchSize) {
      launch(id: $id) { id mission { missionPatch(size: $size) } }
    }
    """.write(to: file, atomically: true, encoding: .utf8)
    let fromFile = try fixture.run([
      "query", "-f", file.path, "--operation", "Patch", "--var", "id=2", "--var", "size=SMALL",
    ])
    #expect(fromFile.status == 0, "\(fromFile.standardError)")
    // `--var id=2` is the JSON number 2, which an ID accepts; `size=SMALL` is not JSON: a string.
    #expect(fromFile.standardOutput.contains(#""id": "2""#))
    #expect(fromFile.standardOutput.contains(#""missionPatch": "#))
    let fromStandardInput = try fixture.run(
      ["query", "-f", "-", "--variables", #"{"id": "3"}"#],
      input: "query Launch($id: ID!) {\n  launch(id: $id) { id }\n}\n")
    #expect(fromStandardInput.status == 0, "\(fromStandardInput.standardError)")
    #expect(fromStandardInput.standardOutput.contains(#""id": "3""#))
  }

  @Test func aParseErrorIsStatus2WithLineColumnAndCaretAndNothingIsSent() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["query", "{\n  launch(id: 1) {\n    id\n  }}}"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError == """
        query:4:5: error: Syntax Error: Unexpected "}".
          }}}
            ^

        """)
  }

  @Test func aValidationErrorInAMultiLineDocumentIsStatus2() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["query", "query {\n  launch(id: 1) {\n    site\n    pad\n  }\n}"])
    #expect(result.status == 2)
    #expect(
      result.standardError == """
        query:4:5: error: Cannot query field "pad" on type "Launch". Did you mean "id"?
            pad
            ^

        """)
  }

  @Test func missingVariablesAndBadOptionsAreStatus2() throws {
    let fixture = try ShellFixture()
    let missing = try fixture.run(["query", "query L($id: ID!) { launch(id: $id) { id } }"])
    #expect(missing.status == 2)
    #expect(
      missing.standardError.hasPrefix(
        #"query:1:9: error: Variable "$id" has invalid value: Expected a value of non-null type "ID!" to be provided."#
      ))
    let badVariables = try fixture.run(["query", "{ me { id } }", "--variables", "[1]"])
    #expect(badVariables.status == 2)
    #expect(badVariables.standardError.contains("--variables needs a JSON object"))
    let noDocument = try fixture.run(["query"])
    #expect(noDocument.status == 2)
    #expect(noDocument.standardError.contains("no document"))
    let noFile = try fixture.run(["query", "-f", fixture.root.appendingPathComponent("none.graphql").path])
    #expect(noFile.status == 2)
    #expect(noFile.standardError.contains("no such file"))
    let file = fixture.root.appendingPathComponent("total.graphql")
    try "{ totalTripsBooked }".write(to: file, atomically: true, encoding: .utf8)
    let twoDocuments = try fixture.run(["query", "{ me { id } }", "-f", file.path])
    #expect(twoDocuments.status == 2)
    #expect(twoDocuments.standardError.contains("give one document: 'DOCUMENT' or -f FILE"))
    let badPair = try fixture.run(["query", "-f", file.path, "--var", "=1"])
    #expect(badPair.status == 2)
    #expect(badPair.standardError.contains("--var needs NAME=VALUE, got '=1'"))
  }

  @Test func errorsInTheResponseAreStatus1AndALoginErrorIs77() throws {
    let fixture = try ShellFixture()
    let unknown = try fixture.run(["query", #"{ launches(pageSize: 0) { cursor } }"#])
    #expect(unknown.status == 1)
    #expect(unknown.standardOutput.contains(#""errors": ["#))
    #expect(unknown.standardOutput.contains("BAD_USER_INPUT"))
    let loggedOut = try fixture.run(["query", #"mutation { bookTrips(launchIds: ["1"]) { success } }"#])
    #expect(loggedOut.status == 77)
    #expect(loggedOut.standardOutput.contains("UNAUTHENTICATED"))
  }

  @Test func coloursOnlyWhenAskedForAndNeverWithNoColor() throws {
    let fixture = try ShellFixture()
    // Piped output is never coloured; a terminal is (see the pty test); --no-color wins there.
    let plain = try fixture.run(["query", "--no-color", "{ totalTripsBooked }"])
    #expect(plain.status == 0)
    #expect(!plain.standardOutput.contains("\u{1B}["))
  }

  @Test func aRemoteSchemaIsFetchedOnceAndReused() throws {
    let fixture = try ShellFixture()
    let stub = try fixture.stubWithTheRealSchema { _ in #"{"data":{"totalTripsBooked":7}}"# }
    let endpoint = stub.url().absoluteString
    for _ in 0..<2 {
      let result = try fixture.run(["--no-apq", "--endpoint", endpoint, "query", "{ totalTripsBooked }"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput.contains(#""totalTripsBooked": 7"#))
    }
    let invalid = try fixture.run(["--no-apq", "--endpoint", endpoint, "query", "{ totalTrips }"])
    #expect(invalid.status == 2)
    #expect(
      invalid.standardError.hasPrefix(#"query:1:3: error: Cannot query field "totalTrips" on type "Query"."#))
    let introspections = stub.requests.filter {
      String(decoding: $0.body, as: UTF8.self).contains("IntrospectionQuery")
    }
    #expect(introspections.count == 1)
    #expect(stub.requests.count == 3)  // one introspection, two queries; the invalid one was not sent
    // `schema --refresh` fetches it again into the cache.
    let refreshed = try fixture.run(["--no-apq", "--endpoint", endpoint, "schema", "--refresh"])
    #expect(refreshed.status == 0, "\(refreshed.standardError)")
    #expect(refreshed.standardOutput.hasPrefix("fetched the schema of \(endpoint)"))
    #expect(stub.requests.count == 4)
    let cached = try FileManager.default.contentsOfDirectory(
      atPath: fixture.root.appendingPathComponent("cache/rocket-reserver/schemas").path)
    #expect(cached.count == 1)
  }
}
