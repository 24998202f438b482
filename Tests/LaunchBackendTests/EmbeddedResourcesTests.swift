import Foundation
import Testing

@testable import LaunchBackend

@Suite struct EmbeddedResourcesTests {
  @Test func embeddedCatalogIsTheFixtureFile() throws {
    let onDisk = try RepositoryFiles.text(RepositoryFiles.launchesJSON)
    #expect(EmbeddedResources.launchesJSON == onDisk)
  }

  @Test func embeddedSchemaIsTheSchemaFile() throws {
    let onDisk = try RepositoryFiles.text(RepositoryFiles.schema)
    #expect(EmbeddedResources.schemaSDL == onDisk)
  }

  @Test func embeddedCatalogDecodes() throws {
    let catalog = try LaunchCatalog.embedded
    #expect(catalog.count == 110)
    #expect(try LaunchCatalog.embedded.launches == catalog.launches)
  }
}
