import Foundation
import GraphQLCodegen
import Testing

/// Error-aware generated code: `@semanticNonNull` fields under `onError: NULL`, `@catch(to:)` on
/// fields and operations, the defaults from the configuration and the schema, and the wire
/// document without `@catch`. `Golden/Catch.graphql.swift.golden` is the whole file.
@Suite struct CatchCodegenTests {
  static let schema = """
    directive @semanticNonNull(levels: [Int!]! = [0]) on FIELD_DEFINITION
    type Query {
      launch(id: ID!): Launch
      upcoming: [Launch] @semanticNonNull(levels: [0, 1])
      total: Int @semanticNonNull
    }
    type Launch {
      id: ID!
      site: String @semanticNonNull
      rocket: Rocket @semanticNonNull
      note: String
    }
    type Rocket {
      name: String @semanticNonNull
    }
    """

  static let operations = """
    query Board($id: ID!) {
      launch(id: $id) {
        id
        site
        rocket @catch(to: RESULT) { name }
        note @catch(to: THROW)
      }
      upcoming @catch(to: NULL) { site }
      total
    }

    query Totals @catch(to: RESULT) {
      total
      launch(id: "1") { note }
    }
    """

  static func generate(
    _ operations: String = operations, schema: String = schema,
    errorHandling: ErrorHandlingOptions = ErrorHandlingOptions(onError: .null)
  ) throws -> String {
    let files = try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: schema),
      operationFiles: [CodegenSourceFile(path: "Operations/Catch.graphql", text: operations)],
      errorHandling: errorHandling)
    return try #require(files.first { $0.name == "Catch.graphql.swift" }).contents
  }

  @Test func generatedCodeMatchesTheGoldenFileAndTypeChecks() throws {
    let files = try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: Self.schema),
      operationFiles: [CodegenSourceFile(path: "Operations/Catch.graphql", text: Self.operations)],
      errorHandling: ErrorHandlingOptions(onError: .null))
    let file = try #require(files.first { $0.name == "Catch.graphql.swift" })
    let url = CodegenGoldenTests.goldenDirectory.appendingPathComponent("Catch.graphql.swift.golden")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Data(file.contents.utf8).write(to: url)
    }
    #expect(file.contents == (try String(contentsOf: url, encoding: .utf8)))
    let result = try typeCheck(files, moduleName: "Catch")
    #expect(result.status == 0, "swiftc said:\n\(result.errors)")
  }

  @Test func semanticallyNonNullFieldsAreNonOptionalUnderOnErrorNull() throws {
    let code = try Self.generate()
    #expect(code.contains("public static let errorBehavior: ErrorBehavior = .null"))
    #expect(code.contains("public let site: String\n"))
    #expect(code.contains("public let total: Int\n"))
    // Level 1 too: the items of `upcoming`; `@catch(to: NULL)` makes the field itself optional.
    #expect(code.contains("public let upcoming: [Upcoming]?\n"))
    // A field without the directive stays optional.
    #expect(code.contains("public let launch: Launch?\n"))
  }

  @Test func underPropagateTheyStayOptionalUnlessCaughtToThrowOrResult() throws {
    let code = try Self.generate(errorHandling: ErrorHandlingOptions(onError: .propagate))
    #expect(code.contains("public static let errorBehavior: ErrorBehavior = .propagate"))
    #expect(code.contains("public let site: String?\n"))
    #expect(code.contains("public let total: Int?\n"))
    // Caught, the field's null comes with an error under PROPAGATE too, and the catch handles it.
    #expect(code.contains("public let rocket: FieldResult<Rocket>\n"))
    let thrown = try Self.generate(
      "query T { total @catch(to: THROW) }", errorHandling: ErrorHandlingOptions(onError: .propagate))
    #expect(thrown.contains("public let total: Int\n"))
  }

  @Test func catchChoosesResultNullOrThrow() throws {
    let code = try Self.generate()
    #expect(code.contains("public let rocket: FieldResult<Rocket>\n"))
    #expect(code.contains("ResponseDecoding.catchingToResult { try ResponseDecoding.nonNull("))
    #expect(code.contains("ResponseDecoding.catchingToNull {"))
    // THROW on a nullable field: still optional, but null with an error throws.
    #expect(code.contains("public let note: String?\n"))
    #expect(code.contains(#"ResponseDecoding.nullableThrowing(ResponseDecoding.member(object, "note""#))
  }

  @Test func anOperationsCatchIsItsFieldsDefault() throws {
    let code = try Self.generate()
    let totals = try #require(code.range(of: "public struct TotalsQuery")).lowerBound
    let rest = code[totals...]
    #expect(rest.contains("public let total: FieldResult<Int>\n"))
    #expect(rest.contains("public let launch: FieldResult<Launch?>\n"))
    #expect(rest.contains("public let note: FieldResult<String?>\n"))
  }

  @Test func theDefaultComesFromTheConfigurationElseTheSchema() throws {
    let plain = "query Total { total }"
    let configured = try Self.generate(
      plain, errorHandling: ErrorHandlingOptions(onError: .null, catchByDefault: .result))
    #expect(configured.contains("public let total: FieldResult<Int>\n"))
    let schema =
      Self.schema + """

        enum CatchTo { RESULT NULL THROW }
        directive @catchByDefault(to: CatchTo!) on SCHEMA
        extend schema @catchByDefault(to: NULL)
        """
    #expect(try Self.generate(plain, schema: schema).contains("public let total: Int?\n"))
    let both = try Self.generate(
      plain, schema: schema, errorHandling: ErrorHandlingOptions(onError: .null, catchByDefault: .throw))
    #expect(both.contains("public let total: Int\n"))
  }

  @Test func theWireDocumentLeavesCatchOut() throws {
    let code = try Self.generate()
    #expect(!code.contains("@catch"))
    #expect(
      code.contains(
        #"document = "query Board($id:ID!){launch(id:$id){id site rocket{name __typename}note __typename}"#))
    #expect(code.contains(#"document = "query Totals{total launch(id:\"1\"){note __typename}}""#))
  }

  @Test func catchIsValidatedAsAClientDirective() throws {
    #expect(throws: CodegenFailure.self) { try Self.generate("query A { total @catch(to: MAYBE) }") }
    #expect(throws: CodegenFailure.self) {
      try Self.generate("query A { total @catch(to: NULL) @catch(to: NULL) }")
    }
    #expect(throws: CodegenFailure.self) { try Self.generate("query A { total @unknownClientThing }") }
    do {
      _ = try Self.generate("query A { total @catch(to: MAYBE) }")
    } catch {
      #expect("\(error)".contains("Operations/Catch.graphql:1:"), "\(error)")
      #expect("\(error)".contains("MAYBE"), "\(error)")
    }
    // No `to:` is RESULT, the directive's default.
    #expect(try Self.generate("query A { total @catch }").contains("public let total: FieldResult<Int>\n"))
  }

  @Test func theSentTextLeavesCatchOutAndKeepsTheRest() {
    let text = "query A @catch {\n  a @catch(to: THROW) { b }\n  c(x: \"@catch\") # @catch\n}"
    #expect(
      Codegen.strippingClientDirectives(from: text)
        == "query A {\n  a { b }\n  c(x: \"@catch\") # @catch\n}")
    // A text that does not parse is left as it is.
    #expect(Codegen.strippingClientDirectives(from: "query { a @catch") == "query { a @catch")
  }
}
