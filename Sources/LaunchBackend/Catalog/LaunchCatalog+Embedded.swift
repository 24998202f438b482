import Foundation

extension LaunchCatalog {
  /// The catalog compiled into the binary from `Fixtures/launches.json`, decoded once on first
  /// use (a `static let` is initialised lazily and thread-safely).
  private static let embeddedResult = Result { () throws(CatalogError) -> LaunchCatalog in
    try LaunchCatalog(json: Data(EmbeddedResources.launchesJSON.utf8))
  }

  /// The catalog the embedded backend serves: SpaceX flights 1 to 110, decoded once from the
  /// JSON compiled into the binary.
  /// - Throws: `CatalogError` if the embedded JSON is invalid (the test suite guards against it).
  public static var embedded: LaunchCatalog {
    get throws(CatalogError) { try embeddedResult.get() }
  }
}
