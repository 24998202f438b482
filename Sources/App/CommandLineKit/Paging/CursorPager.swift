/// Walks a cursor-paged list page by page and always stops.
///
/// A server whose cursors collide (a date shared by two items) can answer `after:` with a page
/// already seen, and walking by `hasMore` alone can then loop forever. The pager therefore hands
/// out only items it has not handed out before, and stops when the server says there is no more,
/// when a cursor comes back that it has already followed, when a page brings nothing new, or
/// after ``maximumPages`` pages.
///
/// For example:
/// ```swift
/// var pager = CursorPager<Item, ClientError>(id: \.id) { after throws(ClientError) in
///   let page = try await fetchPage(after: after)
///   return CursorPage(items: page.items, cursor: page.cursor, hasMore: page.hasMore)
/// }
/// while let items = try await pager.next() { show(items) }
/// ```
///
/// A value type: each copy walks on its own. Not for sharing between tasks while walking.
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

  /// A pager starting at the first page.
  ///
  /// - Parameters:
  ///   - maximumPages: the most pages to fetch (default 1000).
  ///   - id: an item's identity, to recognise items seen before.
  ///   - loadPage: fetches the page after a cursor.
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

  /// Fetches the next page and returns its items not seen before.
  ///
  /// - Returns: the new items (never empty), or nil when the walk has ended.
  /// - Throws: what the page loader throws; the walk can be retried with another call.
  package mutating func next() async throws(Failure) -> [Item]? {
    try await next(using: loadPage)
  }

  /// Fetches the next page with `loader` instead of the pager's own, and returns its items not
  /// seen before: for a walk whose pages are fetched by different calls, each with its own cache
  /// policy (a first page from the network, the next from a cache).
  ///
  /// - Returns: the new items (never empty), or nil when the walk has ended.
  /// - Throws: what `loader` throws; the walk can be retried with another call.
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

  /// Walks to the end and returns every item once, in the order first seen.
  ///
  /// - Parameter limit: stop once this many items are collected (default: no limit).
  /// - Throws: what the page loader throws.
  package mutating func all(limit: Int? = nil) async throws(Failure) -> [Item] {
    var items: [Item] = []
    while let page = try await next() {
      items += page
      if let limit, items.count >= limit { return Array(items.prefix(limit)) }
    }
    return items
  }
}
