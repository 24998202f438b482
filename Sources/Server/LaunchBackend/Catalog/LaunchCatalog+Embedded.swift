extension LaunchCatalog {
  /// The catalog compiled into the binary from `Fixtures/launches.json`, built once on first use
  /// (a `static let` is initialised lazily and thread-safely).
  private static let embeddedResult = Result { () throws(CatalogError) -> LaunchCatalog in
    try LaunchCatalog(launches: EmbeddedResources.catalogLaunches)
  }

  /// The catalog the embedded backend serves: SpaceX flights 1 to 110, transcribed into Swift
  /// values at build time (no JSON is decoded at run time; the test suite checks the transcription
  /// against the fully checked decoding of the file, `LaunchCatalog(json:)`).
  /// - Throws: `CatalogError.duplicateFlightNumber` if two embedded launches share a flight number.
  public static var embedded: LaunchCatalog {
    get throws(CatalogError) { try embeddedResult.get() }
  }
}
