import RocketClient

/// Walks the `launches` connection page by page and always stops.
///
/// The hosted tutorial server's cursors are launch dates, which collide, so its `after:` can
/// return a page already seen, and walking by `hasMore` alone can loop forever. The pager
/// therefore hands out only launches it has not handed out before, and stops when the server
/// says there is no more, when a cursor comes back that it has already followed, when a page
/// brings nothing new, or after ``maximumPages`` pages.
///
/// For example:
/// ```swift
/// var pager = LaunchPager(id: \.id) { after in
///   let data = try await client.fetch(LaunchListQuery(pageSize: 20, after: after)).requireData()
///   return LaunchPage(
///     launches: data.launches.launches.compactMap { $0 }, cursor: data.launches.cursor,
///     hasMore: data.launches.hasMore)
/// }
/// while let launches = try await pager.next() { show(launches) }
/// ```
///
/// A value type: each copy walks on its own. Not for sharing between tasks while walking.
struct LaunchPager<Launch: Sendable>: Sendable {
  /// Fetches the page after a cursor (nil: the first page).
  typealias PageLoader = @Sendable (_ after: String?) async throws(RocketClientError) -> Page

  /// The page type the loader returns.
  typealias Page = LaunchPage<Launch>

  /// Why the walk ended.
  enum StopReason: Sendable, Equatable {
    /// The server said no more launches follow.
    case end
    /// The server gave a cursor the pager had already followed (the hosted server's dates).
    case repeatedCursor
    /// A page brought no launch that had not been seen (empty, or only repeats).
    case noNewLaunches
    /// ``maximumPages`` pages were fetched.
    case pageLimit
  }

  /// The most pages one walk fetches, a backstop against any server misbehaviour.
  let maximumPages: Int
  /// Why the walk ended, or nil while it goes on.
  private(set) var stopReason: StopReason?
  /// How many pages have been fetched.
  private(set) var pagesFetched = 0

  private let id: @Sendable (Launch) -> String
  private let loadPage: PageLoader
  private var nextCursor: String?
  private var followedCursors: Set<String> = []
  private var seenIDs: Set<String> = []

  /// A pager starting at the first page.
  ///
  /// - Parameters:
  ///   - maximumPages: the most pages to fetch (default 1000; the API has about 110 launches).
  ///   - id: a launch's `id`, to recognise launches seen before.
  ///   - loadPage: fetches the page after a cursor.
  init(
    maximumPages: Int = 1000, id: @escaping @Sendable (Launch) -> String,
    loadPage: @escaping PageLoader
  ) {
    self.maximumPages = max(1, maximumPages)
    self.id = id
    self.loadPage = loadPage
  }

  /// Whether the walk has ended; ``next()`` then returns nil without fetching.
  var isFinished: Bool { stopReason != nil }

  /// Fetches the next page and returns its launches not seen before.
  ///
  /// - Returns: the new launches (never empty), or nil when the walk has ended.
  /// - Throws: what the page loader throws; the walk can be retried with another call.
  mutating func next() async throws(RocketClientError) -> [Launch]? {
    try await next(using: loadPage)
  }

  /// Fetches the next page with `loader` instead of the pager's own, and returns its launches not
  /// seen before: for a walk whose pages are fetched by different calls, each with its own cache
  /// policy (the shell's `launches`, then `more --cache cache-only`).
  ///
  /// - Returns: the new launches (never empty), or nil when the walk has ended.
  /// - Throws: what `loader` throws; the walk can be retried with another call.
  mutating func next(using loader: PageLoader) async throws(RocketClientError) -> [Launch]? {
    guard stopReason == nil else { return nil }
    let after = nextCursor
    let page = try await loader(after)
    pagesFetched += 1
    if let after { followedCursors.insert(after) }
    var fresh: [Launch] = []
    for launch in page.launches where seenIDs.insert(id(launch)).inserted {
      fresh.append(launch)
    }
    if fresh.isEmpty {
      stopReason = .noNewLaunches
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

  /// Walks to the end and returns every launch once, in the order first seen.
  ///
  /// - Parameter limit: stop once this many launches are collected (default: no limit).
  /// - Throws: what the page loader throws.
  mutating func all(limit: Int? = nil) async throws(RocketClientError) -> [Launch] {
    var launches: [Launch] = []
    while let page = try await next() {
      launches += page
      if let limit, launches.count >= limit { return Array(launches.prefix(limit)) }
    }
    return launches
  }
}
