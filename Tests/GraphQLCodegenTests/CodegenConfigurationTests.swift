import GraphQLCodegen
import Testing

/// The codegen configuration (`graphql-codegen.json`, a subset of Apollo's
/// `apollo-codegen-config.json`): what it reads, and every wrong key, value or path reported at
/// its line and column with a message that names it.
@Suite struct CodegenConfigurationTests {
  static let full = """
    {
      "schemaNamespace": "ShipyardAPI",
      "input": {
        "schemaSearchPaths": ["schema.graphqls"],
        "operationSearchPaths": ["**/*.graphql"]
      },
      "output": {
        "accessModifier": "internal",
        "testMocks": { "none": {} }
      },
      "operationManifest": { "path": "out/manifest.json", "version": "persistedQueries" }
    }
    """

  func error(_ text: String) -> String {
    do {
      _ = try CodegenConfiguration(text: text, path: "Ops/graphql-codegen.json")
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func readsEveryKey() throws {
    let configuration = try CodegenConfiguration(text: Self.full, path: "graphql-codegen.json")
    #expect(configuration.schemaNamespace == "ShipyardAPI")
    #expect(configuration.schemaSearchPaths.map(\.text) == ["schema.graphqls"])
    #expect(configuration.operationSearchPaths.map(\.text) == ["**/*.graphql"])
    #expect(configuration.accessModifier == .internal)
    #expect(configuration.testMocks == .none)
    #expect(configuration.operationManifestPath == "out/manifest.json")
  }

  @Test func defaultsArePublicNoMocksNoManifest() throws {
    let configuration = try CodegenConfiguration(
      text:
        #"{"schemaNamespace": "A", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]}}"#,
      path: "c.json")
    #expect(configuration.accessModifier == .public)
    #expect(configuration.testMocks == .none)
    #expect(configuration.operationManifestPath == nil)
  }

  @Test func optionsSetOnErrorAndTheDefaultCatch() throws {
    let base =
      #"{"schemaNamespace": "A", "input": {"schemaSearchPaths": ["s.graphqls"], "operationSearchPaths": ["*.graphql"]}"#
    let plain = try CodegenConfiguration(text: base + "}", path: "c.json")
    #expect(plain.errorHandling == ErrorHandlingOptions(onError: .propagate, catchByDefault: nil))
    let set = try CodegenConfiguration(
      text: base + #", "options": {"onError": "NULL", "catchByDefault": "RESULT"}}"#, path: "c.json")
    #expect(set.errorHandling == ErrorHandlingOptions(onError: .null, catchByDefault: .result))
    #expect(
      error(base + #", "options": {"onError": "HALT"}}"#).hasSuffix(
        #"error: onError must be "PROPAGATE" or "NULL", not "HALT""#))
    #expect(
      error(base + #", "options": {"catchByDefault": "result"}}"#).hasSuffix(
        #"error: catchByDefault must be "RESULT", "NULL" or "THROW", not "result""#))
    #expect(
      error(base + #", "options": {"onErrors": "NULL"}}"#).contains(
        #"unknown key "onErrors" in options; expected "onError", "catchByDefault""#))
  }

  @Test func mocksNameTheirTarget() throws {
    let text = Self.full.replacingOccurrences(of: #""internal""#, with: #""public""#)
      .replacingOccurrences(
        of: #"{ "none": {} }"#, with: #"{ "swiftPackage": { "targetName": "ShipyardMocks" } }"#)
    let configuration = try CodegenConfiguration(text: text, path: "c.json")
    #expect(configuration.testMocks == .swiftPackage(targetName: "ShipyardMocks"))
  }

  @Test func anUnknownKeyIsReportedAtItsLine() {
    let text = Self.full.replacingOccurrences(of: #""accessModifier""#, with: #""accesModifier""#)
    #expect(
      error(text)
        == #"Ops/graphql-codegen.json:8:5: error: unknown key "accesModifier" in output; expected "accessModifier", "testMocks""#
    )
    let top = Self.full.replacingOccurrences(of: #""input""#, with: #""inputs""#)
    #expect(
      error(top).hasPrefix(#"Ops/graphql-codegen.json:3:3: error: unknown key "inputs" in the configuration"#)
    )
  }

  @Test func aSyntaxErrorIsReportedWhereTheJSONBreaks() {
    let text = Self.full.replacingOccurrences(of: #""public""#, with: "x")
      .replacingOccurrences(of: #"["schema.graphqls"],"#, with: #"["schema.graphqls"]"#)
    #expect(error(text) == "Ops/graphql-codegen.json:5:5: error: expected '}', found '\"'")
    #expect(
      error("{\n  \"a\": tru\n}").hasPrefix("Ops/graphql-codegen.json:2:8: error: expected a JSON value"))
    #expect(error("").hasSuffix("expected a JSON value, found end of file"))
  }

  @Test func wrongValuesAreReportedAtTheValue() {
    #expect(
      error(Self.full.replacingOccurrences(of: #""internal""#, with: #""private""#))
        == #"Ops/graphql-codegen.json:8:23: error: accessModifier must be "public" or "internal", not "private""#
    )
    #expect(
      error(Self.full.replacingOccurrences(of: #"["**/*.graphql"]"#, with: #""**/*.graphql""#))
        == "Ops/graphql-codegen.json:5:29: error: operationSearchPaths must be a non-empty array of path patterns"
    )
    #expect(
      error(Self.full.replacingOccurrences(of: #""ShipyardAPI""#, with: #""Shipyard API""#))
        .hasPrefix("Ops/graphql-codegen.json:2:22: error: schemaNamespace must be a Swift module name"))
    #expect(
      error(
        Self.full.replacingOccurrences(
          of: #"{ "none": {} }"#, with: #"{ "swiftPackage": { "targetName": "M" } }"#))
        == #"Ops/graphql-codegen.json:9:18: error: test mocks live in their own target, so they need accessModifier "public""#
    )
    #expect(
      error(Self.full.replacingOccurrences(of: #"["schema.graphqls"]"#, with: #"["../schema.graphqls"]"#))
        .contains("4:27: error: schemaSearchPaths patterns are relative to the configuration's folder"))
    #expect(error(#"{"input": {}}"#) == #"Ops/graphql-codegen.json:1:1: error: "schemaNamespace" is missing"#)
  }

  @Test func searchPathsSelectTheSchemaAndOperations() throws {
    let configuration = try CodegenConfiguration(text: Self.full, path: "c.json")
    let (schema, operations) = try configuration.select(from: [
      "schema.graphqls", "Launches/List.graphql", "Book.graphql", "README.md", "deep/er/Me.graphql",
    ])
    #expect(schema == "schema.graphqls")
    #expect(operations == ["Book.graphql", "Launches/List.graphql", "deep/er/Me.graphql"])
  }

  @Test func aSearchPathThatFindsNothingIsReportedAtItsLine() throws {
    let configuration = try CodegenConfiguration(text: Self.full, path: "Ops/graphql-codegen.json")
    #expect(throws: CodegenConfigurationError.self) { try configuration.select(from: ["schema.graphqls"]) }
    do {
      _ = try configuration.select(from: ["api.graphqls", "A.graphql"])
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == #"Ops/graphql-codegen.json:4:26: error: no file matches schemaSearchPaths ["schema.graphqls"]"#)
    }
  }

  @Test func pathPatternsMatchAsApollosDo() {
    #expect(PathPattern("*.graphql").matches("A.graphql"))
    #expect(!PathPattern("*.graphql").matches("sub/A.graphql"))
    #expect(PathPattern("**/*.graphql").matches("A.graphql"))
    #expect(PathPattern("**/*.graphql").matches("a/b/A.graphql"))
    #expect(PathPattern("./Ops/?.graphql").matches("Ops/A.graphql"))
    #expect(!PathPattern("Ops/?.graphql").matches("Ops/AB.graphql"))
    #expect(!PathPattern("*.graphql").matches("A.graphqls"))
  }
}
