import GraphQL
import GraphQLWire

/// How the API takes persisted operations (`serve --persisted-queries`, `--persisted-only`,
/// `--apq-max-entries`, `--apq-max-bytes`, `--no-apq`): automatic persisted queries registered by
/// clients, bounded, and the trusted documents of a manifest.
///
/// A value type, `Sendable`.
public struct PersistedQuerySettings: Sendable {
  /// Whether clients may register automatic persisted queries (Apollo's APQ); default true.
  public var automatic = true
  /// The most documents the APQ store holds.
  public var maxEntries = 1000
  /// The most bytes of document text the APQ store holds.
  public var maxBytes = 8 << 20
  /// A persisted-query manifest's JSON text (Apollo's format), if one was given.
  public var manifest: [UInt8]?
  /// Whether only the manifest's documents run.
  public var trustedOnly = false

  /// Settings with APQ on, bounded by the defaults, and no manifest.
  public init() {}

  /// The pipeline's persisted operations for `schema`.
  /// - Throws: `TrustedDocuments.ManifestError` when the manifest cannot serve this schema.
  /// - Parameters:
  ///   - schema: the schema the documents must serve.
  ///   - store: the booking store, whose database may keep the APQ store for every process.
  func operations(for schema: GraphQLSchema, store: any BookingStore) throws(TrustedDocuments.ManifestError)
    -> PersistedOperations
  {
    PersistedOperations(
      automatic: automatic && !trustedOnly
        ? store.sharedPersistedQueryStore(maxEntries: maxEntries, maxBytes: maxBytes)
          ?? InMemoryPersistedQueryStore(maxEntries: maxEntries, maxBytes: maxBytes) : nil,
      trusted: try manifest.map { manifest throws(TrustedDocuments.ManifestError) in
        try TrustedDocuments(manifest: manifest, schema: schema)
      },
      trustedOnly: trustedOnly)
  }
}
