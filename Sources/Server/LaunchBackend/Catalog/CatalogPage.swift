/// One page of the catalog, newest first, as `Query.launches` returns it.
public struct CatalogPage: Sendable, Hashable {
  /// The launches of the page, in descending flight-number order; empty past the end.
  public let launches: [CatalogLaunch]
  /// The opaque cursor of the page's last launch, or the given `after` cursor when the page is
  /// empty (so a client past the end keeps the cursor it sent).
  public let cursor: String
  /// True exactly when launches remain after this page.
  public let hasMore: Bool
}
