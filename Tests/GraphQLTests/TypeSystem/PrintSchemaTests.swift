import GraphQLWire
import Testing

@testable import GraphQL

/// `printSchema(buildSchema(x))` against the text graphql-js 16 prints for the same `x`
/// (computed once with node and pasted here).
@Suite struct PrintSchemaTests {
  @Test func printsTheProjectSchema() throws {
    #expect(printSchema(try buildSchema(Self.projectAPISDL)) == Self.projectAPIPrinted)
  }

  @Test func printsEveryKindWithExtensionsDefaultsAndDirectives() throws {
    #expect(printSchema(try buildSchema(Self.everyKindSDL)) == Self.everyKindPrinted)
  }

  @Test func printsDescriptionsAndEscapedStrings() throws {
    #expect(
      printSchema(try buildSchema(Self.descriptionsAndStringsSDL)) == Self.descriptionsAndStringsPrinted)
  }

  @Test func printsTheSchemaBlockForUnconventionalRootNames() throws {
    #expect(printSchema(try buildSchema(Self.unconventionalRootsSDL)) == Self.unconventionalRootsPrinted)
  }

  @Test func printsInterfacesImplementingInterfaces() throws {
    #expect(
      printSchema(try buildSchema(Self.interfacesImplementingInterfacesSDL))
        == Self.interfacesImplementingInterfacesPrinted)
  }
}
