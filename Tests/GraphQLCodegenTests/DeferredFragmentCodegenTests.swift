import Foundation
import GraphQLAPI
import GraphQLCodegen
import Testing

/// Code generated for fragments marked `@defer`: each becomes a `@Deferred` property of the
/// enclosing type, its fields kept out of that type, and in `__selections` as conditional.
@Suite struct DeferredFragmentCodegenTests {
  static let schema =
    codegenTestSchema + """

      directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
      """

  static let operations = """
    query CrewProfile($id: ID!) {
      crew(id: $id) {
        id
        ... @defer(label: "profile") {
          id
          fullName
          type
        }
        ...CrewName @defer
        ... @defer(if: false) {
          type
        }
      }
      vehicles {
        id
        ... on Vehicle @defer(label: "naming") {
          name
        }
        ... on Rocket @defer(label: "engineering") {
          stages
        }
      }
    }

    fragment CrewName on CrewMember {
      fullName
    }
    """

  static func generated() throws -> [GeneratedFile] {
    try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: schema),
      operationFiles: [CodegenSourceFile(path: "Operations/CrewProfile.graphql", text: operations)])
  }

  @Test func generatedCodeMatchesGoldenFile() throws {
    let file = try #require(try Self.generated().first { $0.name == "CrewProfile.graphql.swift" })
    let url = CodegenGoldenTests.goldenDirectory.appendingPathComponent(file.name + ".golden")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Data(file.contents.utf8).write(to: url)
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(file.contents == expected, "\(file.name) differs from Golden/\(file.name).golden")
  }

  @Test func deferredFragmentsArePropertiesOfTheirOwnAndStayOnTheWire() throws {
    let file = try #require(try Self.generated().first { $0.name == "CrewProfile.graphql.swift" })
    #expect(file.contents.contains("@Deferred public var profile: Profile?"))
    #expect(file.contents.contains("@Deferred public var crewName: CrewName?"))
    #expect(file.contents.contains("@Deferred public var naming: Naming?"))
    // On a narrower type: the type case has it, pending until it arrives.
    #expect(file.contents.contains("public let asRocket: AsRocket?"))
    #expect(file.contents.contains("@Deferred public var engineering: Engineering?"))
    // `if: false` makes an ordinary fragment: its field is the object's own.
    #expect(file.contents.contains("public let type: String?"))
    #expect(file.contents.contains(#"...@defer(label:\"profile\"){id fullName type}"#))
    #expect(file.contents.contains("...CrewName@defer"))
  }

  @Test func generatedCodeTypeChecksWithWarningsAsErrors() throws {
    let result = try typeCheck(try Self.generated(), moduleName: "CrewProfile")
    #expect(result.status == 0, "swiftc said:\n\(result.errors)")
  }
}
