import Foundation
import GraphQLCodegen
import TestSupport
import Testing

/// Operations may spread fragments defined in other operation files (as apollo-ios allows): the
/// fragment's type is generated once, with its own file; each operation's wire document carries
/// what it uses; problems are reported at the file, line and column where they were written.
@Suite struct CrossFileFragmentTests {
  static let crewFile = CodegenSourceFile(
    path: "Operations/CrewFields.graphql",
    text: """
      fragment CrewFields on CrewMember {
        id
        ...CrewName
      }
      """)
  static let nameFile = CodegenSourceFile(
    path: "Operations/CrewName.graphql",
    text: """
      # Used only through CrewFields.
      fragment CrewName on CrewMember { fullName }
      """)
  static let queryFile = CodegenSourceFile(
    path: "Operations/Crew.graphql",
    text: """
      query Crew {
        crew(id: "1") { ...CrewFields type }
      }
      """)

  private func generate(_ files: [CodegenSourceFile]) throws(CodegenFailure) -> [GeneratedFile] {
    try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: codegenTestSchema),
      operationFiles: files)
  }

  private func diagnostics(_ files: [CodegenSourceFile]) -> [String] {
    do {
      _ = try generate(files)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  @Test func anOperationUsesFragmentsFromOtherFiles() throws {
    let files = try generate([Self.queryFile, Self.crewFile, Self.nameFile])
    let query = try #require(files.first { $0.name == "Crew.graphql.swift" })
    let crew = try #require(files.first { $0.name == "CrewFields.graphql.swift" })
    let name = try #require(files.first { $0.name == "CrewName.graphql.swift" })
    // The wire document carries both fragments, the one spread directly and the one it spreads.
    #expect(query.contents.contains("fragment CrewFields on CrewMember{id ...CrewName __typename}"))
    #expect(query.contents.contains("fragment CrewName on CrewMember{fullName __typename}"))
    // Each fragment type is generated once, in its own file.
    #expect(!query.contents.contains("public struct CrewFields"))
    #expect(crew.contents.contains("public struct CrewFields"))
    #expect(!crew.contents.contains("public struct CrewName"))
    #expect(name.contents.contains("public struct CrewName"))
  }

  @Test func theGeneratedFilesCompileTogether() throws {
    let result = try typeCheck(
      try generate([Self.queryFile, Self.crewFile, Self.nameFile]), moduleName: "Crew")
    #expect(result.status == 0, "swiftc said:\n\(result.errors)")
  }

  @Test func aFragmentFileNeedsNoUserOfItsOwn() throws {
    let files = try generate([Self.nameFile])
    #expect(files.map(\.name) == ["SchemaTypes.graphql.swift", "CrewName.graphql.swift"])
  }

  @Test func aProblemInABorrowedFragmentIsReportedOnceWhereItIsWritten() {
    let broken = CodegenSourceFile(
      path: "Operations/CrewName.graphql",
      text: """
        # Used only through CrewFields.
        fragment CrewName on CrewMember { fullNme }
        """)
    #expect(
      diagnostics([Self.queryFile, Self.crewFile, broken]) == [
        "Operations/CrewName.graphql:2:35: error: Cannot query field \"fullNme\" on type \"CrewMember\". Did you mean \"fullName\"?"
      ])
  }

  @Test func aFragmentNameDefinedInTwoFilesIsRefused() {
    let again = CodegenSourceFile(
      path: "Operations/Again.graphql", text: "fragment CrewName on CrewMember { id }")
    #expect(
      diagnostics([Self.nameFile, again]) == [
        "Operations/Again.graphql:1:10: error: There can be only one fragment named \"CrewName\"; another is in Operations/CrewName.graphql."
      ])
  }

  @Test func aFragmentDefinedNowhereIsReportedAtTheSpread() {
    let query = CodegenSourceFile(
      path: "Operations/Crew.graphql", text: "query Crew { crew(id: \"1\") { ...Nowhere } }")
    #expect(
      diagnostics([query, Self.nameFile]) == [
        "Operations/Crew.graphql:1:33: error: Unknown fragment \"Nowhere\"."
      ])
  }

  @Test func conflictsBetweenBorrowedFragmentsAreReportedByTheFileThatJoinsThem() {
    let first = CodegenSourceFile(path: "Operations/A.graphql", text: "fragment A on CrewMember { who: id }")
    let second = CodegenSourceFile(
      path: "Operations/B.graphql", text: "fragment B on CrewMember { who: fullName }")
    let query = CodegenSourceFile(
      path: "Operations/Q.graphql", text: "query Q { crew(id: \"1\") { ...A ...B } }")
    let found = diagnostics([query, first, second])
    #expect(found.count == 1)
    #expect(
      found.first?.contains("Fields \"who\" conflict because \"id\" and \"fullName\" are different fields.")
        == true)
  }
}
