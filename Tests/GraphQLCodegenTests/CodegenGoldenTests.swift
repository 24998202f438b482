import Foundation
import GraphQLCodegen
import RocketReserverAPI
import TestSupport
import Testing

/// Compares generated code with the checked-in files in `Golden/`. After an intended change to
/// the generator, run the tests with `UPDATE_GOLDEN=1` and review the diff.
@Suite struct CodegenGoldenTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  static let fleetOperations = """
    # Everything the generator knows, in one file.
    query Fleet($filter: VehicleFilter, $first: Int = 5, $withCrew: Boolean!) {
      status
      vehicles(filter: $filter, first: $first) {
        id
        name
        ... on Capsule {
          seats
          crew @include(if: $withCrew) {
            ...CrewFields
          }
        }
        ... on Rocket {
          stages
        }
      }
      search(text: "falcon") {
        ... on Rocket { id name }
        ... on CrewMember { fullName }
      }
      firstCrew: crew(id: "1") {
        ...CrewFields
        type
      }
    }

    query FindVehicle($by: VehicleSelector!) {
      vehicle(by: $by) {
        id
        name
      }
    }

    mutation Launch($vehicleIds: [ID!]!, $note: String) {
      launch(vehicleIds: $vehicleIds, note: $note)
    }

    fragment CrewFields on CrewMember {
      id
      fullName
    }
    """

  static func generated() throws -> [GeneratedFile] {
    try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: codegenTestSchema),
      operationFiles: [CodegenSourceFile(path: "Operations/Fleet.graphql", text: fleetOperations)])
  }

  @Test func generatedCodeMatchesGoldenFiles() throws {
    let files = try Self.generated()
    #expect(files.map(\.name) == ["SchemaTypes.graphql.swift", "Fleet.graphql.swift"])
    for file in files {
      let url = Self.goldenDirectory.appendingPathComponent(file.name + ".golden")
      if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
        try Data(file.contents.utf8).write(to: url)
      }
      let expected = try String(contentsOf: url, encoding: .utf8)
      #expect(file.contents == expected, "\(file.name) differs from Golden/\(file.name).golden")
    }
  }

  @Test func wireDocumentIsCompactAndCarriesFragmentsAndTypename() throws {
    let fleet = try #require(try Self.generated().first { $0.name == "Fleet.graphql.swift" })
    #expect(fleet.contents.contains("fragment CrewFields on CrewMember{id fullName __typename}"))
    // Every object below the root asks for __typename on the wire (for the cache), but only the
    // selection sets on interfaces and unions get a `__typename` property.
    #expect(fleet.contents.contains("vehicle(by:$by){id name __typename}}"))
    #expect(!fleet.contents.contains("{status __typename"))
    #expect(!fleet.contents.contains("\n    query Fleet("))
  }
}

/// Descriptions (spec September 2025) document the operation file; the wire document leaves them
/// out, as servers before graphql-js 16.12 refuse them.
@Suite struct CodegenDescriptionTests {
  @Test func wireDocumentLeavesDescriptionsOut() throws {
    let files = try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: codegenTestSchema),
      operationFiles: [
        CodegenSourceFile(
          path: "Operations/Status.graphql",
          text: """
            "The status board."
            query Status("How many." $first: Int) { status vehicles(first: $first) { ...Names } }
            "Names only." fragment Names on Vehicle { name }
            """)
      ])
    let status = try #require(files.first { $0.name == "Status.graphql.swift" })
    #expect(
      status.contents.contains(
        #"document = "query Status($first:Int){status vehicles(first:$first){...Names __typename}}"#
          + #"fragment Names on Vehicle{name __typename}""#))
  }
}

/// The generated code must compile, without a single warning, against the runtime module.
@Suite struct GeneratedCodeCompilesTests {
  @Test func goldenOutputTypeChecksWithWarningsAsErrors() throws {
    let result = try typeCheck(try CodegenGoldenTests.generated(), moduleName: "Fleet")
    #expect(result.status == 0, "swiftc said:\n\(result.errors)")
  }
}

/// The `__selections` metadata of the generated RocketReserver operations, which the normalized
/// cache reads instead of the document.
@Suite struct SelectionsMetadataTests {
  @Test func objectSelectionSetsListTypenameAndArgumentsButTheRootDoesNot() throws {
    let root = LaunchDetailsQuery.Data.__selections
    #expect(!root.contains(.field("__typename", type: .nonNull(.named("String")))))
    #expect(
      root == [
        .field(
          "launch", arguments: [.init("id", .variable("id"))], type: .named("Launch"),
          selections: LaunchDetailsQuery.Data.Launch.__selections)
      ])
    let mission = LaunchDetailsQuery.Data.Launch.Mission.__selections
    #expect(
      mission.contains(
        .field("missionPatch", arguments: [.init("size", .literal(.string("LARGE")))], type: .named("String"))
      ))
    #expect(mission.last == .field("__typename", type: .nonNull(.named("String"))))
    #expect(LaunchDetailsQuery.cacheKeyedTypes == ["Launch", "Rocket", "User"])
    #expect(LaunchDetailsQuery.document.contains("rocket{id name type __typename}"))
  }
}
