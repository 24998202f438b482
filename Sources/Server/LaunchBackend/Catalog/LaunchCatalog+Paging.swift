extension LaunchCatalog {
  /// The opaque cursor naming `launch`, as `CatalogPage.cursor` and `after` use it.
  public func cursor(of launch: CatalogLaunch) -> String {
    LaunchCursor.encode(launch.id)
  }

  /// One page of launches, newest first.
  ///
  /// Walking pages by passing each page's `cursor` as the next `after` returns every launch
  /// exactly once, whatever the page size. Past the end the page is empty, `hasMore` is false and
  /// `cursor` repeats `after` (or is empty when the catalog itself is empty and `after` is nil).
  ///
  /// - Parameters:
  ///   - after: the cursor of the last launch already seen; nil starts at the newest launch.
  ///   - size: the page size, already clamped by the caller to 1...100.
  /// - Throws: `CatalogError.unknownCursor` when `after` names no launch of this catalog,
  ///   `CatalogError.invalidPageSize` when `size` is below 1.
  public func page(after cursor: String?, size: Int) throws(CatalogError) -> CatalogPage {
    guard size >= 1 else { throw .invalidPageSize(size) }
    var start = 0
    if let cursor {
      guard let flight = LaunchCursor.decode(cursor), let position = position(of: flight) else {
        throw .unknownCursor(cursor)
      }
      start = position + 1
    }
    let end = start + min(size, launches.count - start)
    let slice = Array(launches[start..<end])
    let pageCursor = slice.last.map { self.cursor(of: $0) } ?? cursor ?? ""
    return CatalogPage(launches: slice, cursor: pageCursor, hasMore: end < launches.count)
  }
}
