import Foundation
import Testing

@testable import LaunchBackend

@Suite struct EmbeddedResourcesTests {
  /// The catalog transcribed at build time is exactly what the checked decoder reads from the file.
  @Test func embeddedCatalogIsTheFixtureFile() throws {
    let onDisk = try LaunchCatalog(json: Data(contentsOf: RepositoryFiles.launchesJSON))
    #expect(onDisk.count == 110)
    #expect(try LaunchCatalog.embedded.launches == onDisk.launches)
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
