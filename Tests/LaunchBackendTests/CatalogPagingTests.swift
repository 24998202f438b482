import Testing

@testable import LaunchBackend

@Suite struct CatalogPagingTests {
  /// Follows cursors from the first page until `hasMore` is false, checking `hasMore` on the way.
  static func walk(_ catalog: LaunchCatalog, size: Int) throws -> [[CatalogLaunch]] {
    var pages: [[CatalogLaunch]] = []
    var cursor: String? = nil
    while true {
      let page = try catalog.page(after: cursor, size: size)
      pages.append(page.launches)
      let seen = pages.reduce(0) { $0 + $1.count }
      #expect(page.hasMore == (seen < catalog.count), "size \(size), page \(pages.count)")
      if !page.hasMore { return pages }
      #expect(page.launches.count == size)
      cursor = page.cursor
      if pages.count > catalog.count + 1 { Issue.record("pagination does not end"); return pages }
    }
  }

  @Test(arguments: [1, 7, 20, 100, 110, 500])
  func walkingAllPagesReturnsEveryLaunchOnceNewestFirst(size: Int) throws {
    let catalog = try LaunchCatalog.embedded
    let pages = try Self.walk(catalog, size: size)
    #expect(pages.flatMap { $0 }.map(\.id) == Array((1...110).reversed()))
    #expect(pages.count == (110 + size - 1) / size)
  }

  @Test func firstPageStartsAtTheNewestLaunch() throws {
    let page = try LaunchCatalog.embedded.page(after: nil, size: 3)
    #expect(page.launches.map(\.id) == [110, 109, 108])
    #expect(page.hasMore)
    #expect(page.cursor == LaunchCursor.encode(108))
  }

  @Test func afterReturnsLaunchesStrictlyAfterTheNamedOne() throws {
    let catalog = try LaunchCatalog.embedded
    let page = try catalog.page(after: LaunchCursor.encode(50), size: 4)
    #expect(page.launches.map(\.id) == [49, 48, 47, 46])
    #expect(page.cursor == catalog.cursor(of: try #require(catalog.launch(id: 46))))
  }

  @Test func lastFullPageHasNoMore() throws {
    let page = try LaunchCatalog.embedded.page(after: LaunchCursor.encode(3), size: 2)
    #expect(page.launches.map(\.id) == [2, 1])
    #expect(!page.hasMore)
  }

  @Test func pastTheEndIsEmptyAndRepeatsTheCursor() throws {
    let last = LaunchCursor.encode(1)
    let page = try LaunchCatalog.embedded.page(after: last, size: 20)
    #expect(page.launches.isEmpty)
    #expect(!page.hasMore)
    #expect(page.cursor == last)
  }

  @Test func aCursorNamingNoLaunchIsAnError() {
    let catalog = try? LaunchCatalog.embedded
    for cursor in ["", "nonsense", "1583556631", LaunchCursor.encode(111), LaunchCursor.encode(0)] {
      #expect(throws: CatalogError.unknownCursor(cursor), "\(cursor)") {
        try catalog?.page(after: cursor, size: 5)
      }
    }
  }

  @Test func cursorsAreUniquePerLaunch() throws {
    let catalog = try LaunchCatalog.embedded
    let cursors = catalog.launches.map { catalog.cursor(of: $0) }
    #expect(Set(cursors).count == catalog.count)
  }

  @Test func pageSizeBelowOneIsAnError() {
    #expect(throws: CatalogError.invalidPageSize(0)) {
      try LaunchCatalog.embedded.page(after: nil, size: 0)
    }
  }

  @Test func anEmptyCatalogHasOneEmptyPage() throws {
    let page = try LaunchCatalog(launches: []).page(after: nil, size: 20)
    #expect(page == CatalogPage(launches: [], cursor: "", hasMore: false))
  }
}
