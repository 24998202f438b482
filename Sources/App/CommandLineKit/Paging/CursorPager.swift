/// Walks a cursor-paged list page by page and always stops.
///
/// A server whose cursors collide (a date shared by two items) can answer `after:` with a page
/// already seen, and walking by `hasMore` alone can then loop forever. So the pager hands out
/// only items not handed out before, and stops at the server's end, at a cursor followed before,
/// at a page with nothing new, or after ``maximumPages`` pages. Each copy walks on its own.
package struct CursorPager<Item: Sendable, Failure: Error>: Sendable {
  /// Fetches the page after a cursor (nil: the first page).
  package typealias PageLoader = @Sendable (_ after: String?) async throws(Failure) -> Page

  /// The page type the loader returns.
  package typealias Page = CursorPage<Item>

  /// Why the walk ended.
  package enum StopReason: Sendable, Equatable {
    /// The server said no more items follow.
    case end
    /// The server gave a cursor the pager had already followed (the hosted server's dates).
    case repeatedCursor
    /// A page brought no item that had not been seen (empty, or only repeats).
    case noNewItems
    /// ``maximumPages`` pages were fetched.
    case pageLimit
  }

  /// The most pages one walk fetches, a backstop against any server misbehaviour.
  package let maximumPages: Int
  /// Why the walk ended, or nil while it goes on.
  package private(set) var stopReason: StopReason?
  /// How many pages have been fetched.
  package private(set) var pagesFetched = 0

  private let id: @Sendable (Item) -> String
  private let loadPage: PageLoader
  private var nextCursor: String?
  private var followedCursors: Set<String> = []
  private var seenIDs: Set<String> = []

  /// A pager starting at the first page; `id` tells items seen before.
  package init(
    maximumPages: Int = 1000, id: @escaping @Sendable (Item) -> String,
    loadPage: @escaping PageLoader
  ) {
    self.maximumPages = max(1, maximumPages)
    self.id = id
    self.loadPage = loadPage
  }

  /// Whether the walk has ended; ``next()`` then returns nil without fetching.
  package var isFinished: Bool { stopReason != nil }

  /// The next page's items not seen before (never empty), or nil when the walk has ended; after
  /// a throw the walk can be retried.
  package mutating func next() async throws(Failure) -> [Item]? {
    try await next(using: loadPage)
  }

  /// ``next()`` with `loader` instead of the pager's own: for a walk whose pages are fetched by
  /// different calls, each with its own cache policy.
  package mutating func next(using loader: PageLoader) async throws(Failure) -> [Item]? {
    guard stopReason == nil else { return nil }
    let after = nextCursor
    let page = try await loader(after)
    pagesFetched += 1
    if let after { followedCursors.insert(after) }
    var fresh: [Item] = []
    for item in page.items where seenIDs.insert(id(item)).inserted {
      fresh.append(item)
    }
    if fresh.isEmpty {
      stopReason = .noNewItems
      return nil
    }
    if !page.hasMore {
      stopReason = .end
    } else if followedCursors.contains(page.cursor) || page.cursor == after {
      stopReason = .repeatedCursor
    } else if pagesFetched >= maximumPages {
      stopReason = .pageLimit
    }
    nextCursor = page.cursor
    return fresh
  }

  /// Walks to the end (or `limit` items) and returns every item once, in the order first seen.
  package mutating func all(limit: Int? = nil) async throws(Failure) -> [Item] {
    var items: [Item] = []
    while let page = try await next() {
      items += page
      if let limit, items.count >= limit { return Array(items.prefix(limit)) }
    }
    return items
  }
}
