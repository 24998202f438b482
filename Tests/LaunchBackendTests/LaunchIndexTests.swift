import Testing

@testable import LaunchBackend

@Suite struct LaunchIndexTests {
  @Test func pagesMatchTheCatalogsForEveryCursorAndSize() throws {
    let catalog = try LaunchCatalog.embedded
    let index = LaunchIndex(catalog: catalog)
    let cursors: [String?] = [nil] + catalog.launches.map { catalog.cursor(of: $0) }
    for after in cursors {
      for size in [1, 2, 7, 20, 100, 110] {
        let expected = try catalog.page(after: after, size: size)
        let page = try #require(index.page(after: after, size: size))
        #expect(page.launches.map(\.launch) == expected.launches)
        #expect(page.cursor == expected.cursor)
        #expect(page.hasMore == expected.hasMore)
      }
    }
  }

  @Test func unknownCursorsHaveNoPage() throws {
    let catalog = try LaunchCatalog.embedded
    let index = LaunchIndex(catalog: catalog)
    // A non-canonical spelling of flight 5's cursor (padded) names no launch, as in the catalog.
    let padded = LaunchCursor.encode(5) + "="
    for cursor in ["", "x", padded, LaunchCursor.encode(999), LaunchCursor.encode(0)] {
      #expect(index.page(after: cursor, size: 5) == nil, "\(cursor)")
      #expect(throws: CatalogError.self) { try catalog.page(after: cursor, size: 5) }
    }
  }

  @Test func idsMatchOnlyTheirCanonicalSpelling() throws {
    let index = LaunchIndex(catalog: try LaunchCatalog.embedded)
    #expect(index.node(idText: "7")?.launch.id == 7)
    #expect(index.node(idText: "110")?.launch.missionName == "CRS-21")
    for text in ["07", "+7", "7 ", "", "111", "-1", "9223372036854775807"] {
      #expect(index.node(idText: text) == nil, "\(text)")
    }
  }
}
