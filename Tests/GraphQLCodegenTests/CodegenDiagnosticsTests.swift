import GraphQLCodegen
import Testing

@Suite struct CodegenDiagnosticsTests {
  private func diagnostics(_ text: String, path: String = "Operations/Broken.graphql") -> [String] {
    do {
      _ = try Codegen.generate(
        schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: codegenTestSchema),
        operationFiles: [CodegenSourceFile(path: path, text: text)])
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  @Test func unknownFieldNamesFileLineColumnAndGraphQLJSMessage() {
    let text = """
      query Crew {
        crew(id: 1) {
          fullNme
        }
      }
      """
    #expect(
      diagnostics(text) == [
        "Operations/Broken.graphql:3:5: error: Cannot query field \"fullNme\" on type \"CrewMember\". Did you mean \"fullName\"?"
      ])
  }

  @Test func syntaxErrorIsReportedWithItsLocation() {
    #expect(
      diagnostics("query Crew {\n  crew(id: 1) {\n}\n")
        == ["Operations/Broken.graphql:3:1: error: Syntax Error: Expected Name, found \"}\"."])
  }

  @Test func everyErrorOfEveryFileIsListed() {
    let text = """
      query Crew($unused: Int) {
        status { name }
      }
      """
    let found = diagnostics(text)
    #expect(found.count == 2)
    #expect(
      found.contains {
        $0.hasPrefix("Operations/Broken.graphql:1:12: error: Variable \"$unused\" is never used")
      })
    #expect(
      found.contains {
        $0.hasPrefix("Operations/Broken.graphql:2:10: error: Field \"status\" must not have a selection")
      })
  }

  @Test func anonymousOperationsAreRefused() {
    #expect(
      diagnostics("{ status }")
        == ["Operations/Broken.graphql:1:1: error: Operations must be named for code generation."])
  }

  @Test func duplicateOperationNamesAcrossFilesAreRefused() throws {
    do {
      _ = try Codegen.generate(
        schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: codegenTestSchema),
        operationFiles: [
          CodegenSourceFile(path: "Operations/A.graphql", text: "query Status { status }"),
          CodegenSourceFile(path: "Operations/B.graphql", text: "query Status { status }"),
        ])
      Issue.record("expected a failure")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "Operations/B.graphql:1:7: error: There can be only one operation named \"Status\"; another is in Operations/A.graphql."
        ])
    }
  }
}
